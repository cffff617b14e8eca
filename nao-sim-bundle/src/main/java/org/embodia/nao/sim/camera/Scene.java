package org.embodia.nao.sim.camera;

import java.util.List;

/**
 * A simple world for the cameras to look at: a room with a chequered floor, four walls of different colours and a
 * ceiling, and coloured balls and boxes standing on the floor. The floor runs on beyond the walls, under a sky, so a
 * robot that walks out of the room still sees something sensible. Shading is Lambertian under one distant light plus
 * ambient light; there are no shadows. Coordinates are the global frame: x forward from where the robot was switched
 * on, y to its left, z up, metres.
 */
public final class Scene {
    /** A colour, each component in [0, 1]. */
    public record Colour(double red, double green, double blue) {
    }

    public record Ball(double x, double y, double radius, Colour colour) {
    }

    public record Box(double minX, double minY, double maxX, double maxY, double height, Colour colour) {
    }

    private static final double EPSILON = 1e-9;
    private static final double AMBIENT = 0.45;
    private static final double DIFFUSE = 0.55;
    private static final double TILE = 0.5;
    private static final Colour TILE_DARK = new Colour(0.45, 0.36, 0.27);
    private static final Colour TILE_LIGHT = new Colour(0.78, 0.68, 0.52);
    private static final Colour CEILING = new Colour(0.95, 0.95, 0.93);
    private static final Colour SKY = new Colour(0.62, 0.76, 0.95);
    /** Walls facing +x, −x, +y, −y. */
    private static final Colour WALL_FRONT = new Colour(0.55, 0.68, 0.88);
    private static final Colour WALL_BACK = new Colour(0.88, 0.82, 0.60);
    private static final Colour WALL_LEFT = new Colour(0.55, 0.82, 0.55);
    private static final Colour WALL_RIGHT = new Colour(0.88, 0.58, 0.62);

    private final double halfLength;
    private final double halfWidth;
    private final double height;
    private final List<Ball> balls;
    private final List<Box> boxes;
    /** Direction towards the light, unit length. */
    private final double lightX;
    private final double lightY;
    private final double lightZ;

    /**
     * @param halfLength the walls stand at x = ±halfLength
     * @param halfWidth the walls stand at y = ±halfWidth
     * @param height of walls and ceiling
     */
    public Scene(double halfLength, double halfWidth, double height, List<Ball> balls, List<Box> boxes) {
        if (!(halfLength > 0 && halfWidth > 0 && height > 0)) {
            throw new IllegalArgumentException("the room's size must be positive, was " + 2 * halfLength + " x "
                    + 2 * halfWidth + " x " + height + " m");
        }
        this.halfLength = halfLength;
        this.halfWidth = halfWidth;
        this.height = height;
        this.balls = List.copyOf(balls);
        this.boxes = List.copyOf(boxes);
        double norm = Math.sqrt(0.3 * 0.3 + 0.2 * 0.2 + 1);
        lightX = -0.3 / norm;
        lightY = -0.2 / norm;
        lightZ = 1 / norm;
    }

    /**
     * A 6 m × 6 m room, 2.5 m high, with the robot starting in its middle facing the blue wall: a red ball 1 m ahead,
     * a blue box ahead to the right, a green ball to the left, a yellow box behind on the left.
     */
    public static Scene room() {
        return new Scene(3, 3, 2.5,
                List.of(new Ball(1.0, 0.3, 0.1, new Colour(0.85, 0.08, 0.08)),
                        new Ball(0.2, 1.8, 0.25, new Colour(0.10, 0.70, 0.20))),
                List.of(new Box(1.6, -0.9, 2.0, -0.5, 0.5, new Colour(0.15, 0.25, 0.80)),
                        new Box(-1.5, 1.0, -1.1, 1.4, 0.4, new Colour(0.90, 0.80, 0.10))));
    }

    /** The colour seen from (ox, oy, oz) along (dx, dy, dz), which need not be unit length, written to rgb[0..2]. */
    public void trace(double ox, double oy, double oz, double dx, double dy, double dz, double[] rgb) {
        double nearest = Double.POSITIVE_INFINITY;
        Colour colour = SKY;
        double nx = 0;
        double ny = 0;
        double nz = 0;
        boolean lit = false;

        // Floor, everywhere
        if (dz < 0 && oz > 0) {
            double t = -oz / dz;
            nearest = t;
            double x = ox + t * dx;
            double y = oy + t * dy;
            colour = ((int) Math.floor(x / TILE) + (int) Math.floor(y / TILE)) % 2 == 0 ? TILE_LIGHT : TILE_DARK;
            nx = 0;
            ny = 0;
            nz = 1;
            lit = true;
        }
        // Ceiling, over the room
        if (dz != 0) {
            double t = (height - oz) / dz;
            if (t > EPSILON && t < nearest && Math.abs(ox + t * dx) <= halfLength
                    && Math.abs(oy + t * dy) <= halfWidth) {
                nearest = t;
                colour = CEILING;
                lit = false;
            }
        }
        // Walls, seen from either side
        for (int wall = 0; wall < 4; wall++) {
            boolean alongX = wall < 2;
            double position = (wall % 2 == 0 ? 1 : -1) * (alongX ? halfLength : halfWidth);
            double origin = alongX ? ox : oy;
            double direction = alongX ? dx : dy;
            if (direction == 0) {
                continue;
            }
            double t = (position - origin) / direction;
            if (t > EPSILON && t < nearest) {
                double across = alongX ? oy + t * dy : ox + t * dx;
                double z = oz + t * dz;
                if (Math.abs(across) <= (alongX ? halfWidth : halfLength) && z >= 0 && z <= height) {
                    nearest = t;
                    colour = switch (wall) {
                        case 0 -> WALL_FRONT;
                        case 1 -> WALL_BACK;
                        case 2 -> WALL_LEFT;
                        default -> WALL_RIGHT;
                    };
                    // Normal facing the viewer
                    nx = alongX ? -Math.signum(direction) : 0;
                    ny = alongX ? 0 : -Math.signum(direction);
                    nz = 0;
                    lit = true;
                }
            }
        }
        for (Ball ball : balls) {
            double cx = ox - ball.x();
            double cy = oy - ball.y();
            double cz = oz - ball.radius();
            double a = dx * dx + dy * dy + dz * dz;
            double b = 2 * (cx * dx + cy * dy + cz * dz);
            double c = cx * cx + cy * cy + cz * cz - ball.radius() * ball.radius();
            double discriminant = b * b - 4 * a * c;
            if (discriminant >= 0) {
                double t = (-b - Math.sqrt(discriminant)) / (2 * a);
                if (t > EPSILON && t < nearest) {
                    nearest = t;
                    colour = ball.colour();
                    nx = (cx + t * dx) / ball.radius();
                    ny = (cy + t * dy) / ball.radius();
                    nz = (cz + t * dz) / ball.radius();
                    lit = true;
                }
            }
        }
        for (Box box : boxes) {
            double[] entry = enterBox(box, ox, oy, oz, dx, dy, dz);
            if (entry != null && entry[0] < nearest) {
                nearest = entry[0];
                colour = box.colour();
                nx = entry[1];
                ny = entry[2];
                nz = entry[3];
                lit = true;
            }
        }

        double shade = lit ? AMBIENT + DIFFUSE * Math.max(0, nx * lightX + ny * lightY + nz * lightZ) : 1;
        rgb[0] = colour.red() * shade;
        rgb[1] = colour.green() * shade;
        rgb[2] = colour.blue() * shade;
    }

    /** Slab test: distance to where the ray enters the box and the normal of that face, or null for a miss. */
    private static double[] enterBox(Box box, double ox, double oy, double oz, double dx, double dy, double dz) {
        double[] low = {box.minX(), box.minY(), 0};
        double[] high = {box.maxX(), box.maxY(), box.height()};
        double[] origin = {ox, oy, oz};
        double[] direction = {dx, dy, dz};
        double enter = Double.NEGATIVE_INFINITY;
        double exit = Double.POSITIVE_INFINITY;
        int axis = -1;
        for (int i = 0; i < 3; i++) {
            if (direction[i] == 0) {
                if (origin[i] < low[i] || origin[i] > high[i]) {
                    return null;
                }
                continue;
            }
            double t1 = (low[i] - origin[i]) / direction[i];
            double t2 = (high[i] - origin[i]) / direction[i];
            double near = Math.min(t1, t2);
            if (near > enter) {
                enter = near;
                axis = i;
            }
            exit = Math.min(exit, Math.max(t1, t2));
        }
        if (axis < 0 || enter > exit || enter <= EPSILON) {
            return null;
        }
        double[] hit = {enter, 0, 0, 0};
        hit[1 + axis] = -Math.signum(direction[axis]);
        return hit;
    }
}
