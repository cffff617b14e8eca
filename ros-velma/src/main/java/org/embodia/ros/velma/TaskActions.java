package org.embodia.ros.velma;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import org.embodia.ros.RosActionServer;
import org.embodia.ros.RosNode;
import org.embodia.ros.ServerGoal;
import org.embodia.ros.ActionHandler;
import org.embodia.ros.msg.CartImp;
import org.embodia.ros.msg.CartImpFeedback;
import org.embodia.ros.msg.CartImpGoal;
import org.embodia.ros.msg.CartImpResult;
import org.embodia.ros.msg.FollowJointTrajectory;
import org.embodia.ros.msg.FollowJointTrajectoryFeedback;
import org.embodia.ros.msg.FollowJointTrajectoryGoal;
import org.embodia.ros.msg.FollowJointTrajectoryResult;
import org.embodia.ros.msg.JointTrajectoryPoint;
import org.embodia.ros.msg.Quaternion;
import org.embodia.velma.api.Velma;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.Pose;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.cs.api.VelmaView;

/**
 * The task interface's motions as actions, under Velma's names ([VELMA-ROS]):
 * <ul>
 * <li>{@code ~spline_trajectory_action_joint} (control_msgs/FollowJointTrajectory): joint impedance motion of the torso
 * and arms through the trajectory's points, each reached at its {@code time_from_start}; joints not named stay;</li>
 * <li>{@code ~head_spline_trajectory_action_joint} (the same type): the head's pan and tilt;</li>
 * <li>{@code ~right_arm/cartesian_trajectory}, {@code ~left_arm/cartesian_trajectory} (embodia_velma_msgs/CartImp):
 * Cartesian impedance motion of that arm's tool.</li>
 * </ul>
 * A goal the task interface refuses (NaN, limits, reach, an unknown joint) is REJECTED with the refusal's text; an
 * accepted one ends SUCCEEDED when reached, ABORTED with the reason (self collision, safe mode, another command) as
 * velma: reports it, or PREEMPTED when cancelled, after which the motion is stopped where the arms are. A goal's
 * header stamp is not waited for: the motion starts when it is accepted.
 */
final class TaskActions implements AutoCloseable {
    /** The body's joints a joint trajectory may name, in /joint_states' order without the head. */
    static final List<String> BODY_JOINTS = VelmaJoints.NAMES.subList(0, 1 + 2 * Velma.LWR_JOINTS);
    static final List<String> HEAD_JOINTS = VelmaJoints.NAMES.subList(1 + 2 * Velma.LWR_JOINTS, VelmaJoints.NAMES.size());
    /** How often an active goal's feedback is published. */
    static final long FEEDBACK_MILLIS = 100;
    /** A cancelled motion's stop: a joint motion to where the joints are, this long. */
    static final double STOP_SECONDS = 0.2;

    private final VelmaTaskInterface task;
    private final List<RosActionServer> servers = new ArrayList<>();

    TaskActions(RosNode node, VelmaTaskInterface task) {
        this.task = task;
        servers.add(node.actionServer("~spline_trajectory_action_joint", FollowJointTrajectory.TYPE, new Joints(false)));
        servers.add(node.actionServer("~head_spline_trajectory_action_joint", FollowJointTrajectory.TYPE, new Joints(true)));
        servers.add(node.actionServer("~right_arm/cartesian_trajectory", CartImp.TYPE, new Tool(true)));
        servers.add(node.actionServer("~left_arm/cartesian_trajectory", CartImp.TYPE, new Tool(false)));
    }

    /** One joint goal's motions: each point a command, sent when the one before has ended. */
    private final class Joints implements ActionHandler<FollowJointTrajectoryGoal, FollowJointTrajectoryResult, FollowJointTrajectoryFeedback> {
        private final boolean head;

        Joints(boolean head) {
            this.head = head;
        }

        @Override
        public void goal(ServerGoal<FollowJointTrajectoryGoal, FollowJointTrajectoryResult, FollowJointTrajectoryFeedback> g) {
            FollowJointTrajectoryGoal goal = g.goal();
            String[] names = goal.trajectory.jointNames.toArray();
            String invalid = JointGoals.check(names, head ? HEAD_JOINTS : BODY_JOINTS, goal.trajectory.points,
                    head ? "the head's joints" : "the torso's and the arms' joints");
            if (invalid != null) {
                g.reject("refused: " + invalid);
                return;
            }
            List<Supplier<Motion>> steps = new ArrayList<>();
            double before = 0;
            for (int p = 0; p < goal.trajectory.points.size(); p++) {
                JointTrajectoryPoint point = goal.trajectory.points.get(p);
                double at = point.timeFromStart.toNanos() / 1e9;
                double seconds = at - before;
                before = at;
                double[] q = point.positions.toArray();
                steps.add(() -> head ? headMotion(names, q, seconds) : bodyMotion(names, q, seconds));
            }
            Motion first;
            try {
                first = steps.get(0).get();
            } catch (IllegalArgumentException | IllegalStateException e) {
                g.reject("refused: " + e.getMessage());
                return;
            }
            g.accept();
            Thread t = new Thread(() -> follow(g, first, steps, names), "ros_interface/a " + (head ? "head" : "joint") + " goal " + g.id());
            t.setDaemon(true);
            t.start();
        }

        private void follow(ServerGoal<FollowJointTrajectoryGoal, FollowJointTrajectoryResult, FollowJointTrajectoryFeedback> g,
                Motion first, List<Supplier<Motion>> steps, String[] names) {
            FollowJointTrajectoryResult result = g.newResult();
            FollowJointTrajectoryFeedback feedback = g.newFeedback();
            feedback.jointNames.setAll(names);
            Motion m = first;
            try {
                for (int s = 0; s < steps.size(); s++) {
                    if (s > 0) {
                        try {
                            m = steps.get(s).get();
                        } catch (IllegalArgumentException | IllegalStateException e) {
                            result.errorCode = FollowJointTrajectoryResult.INVALID_GOAL;
                            result.errorString = "point " + s + " refused: " + e.getMessage();
                            g.abort(result, result.errorString);
                            return;
                        }
                    }
                    m = await(g, m, () -> {
                        feedback.header.stamp.setNow();
                        actual(task.view(), names, feedback.actual);
                        g.publishFeedback(feedback);
                    });
                    if (g.isCancelRequested()) {
                        stop(names);
                        g.canceled(result, "canceled: stopped where the joints were");
                        return;
                    }
                    if (m.phase() != Motion.Phase.DONE) {
                        result.errorCode = FollowJointTrajectoryResult.PATH_TOLERANCE_VIOLATED;
                        result.errorString = Motions.ended(m);
                        g.abort(result, result.errorString);
                        return;
                    }
                }
                result.errorCode = FollowJointTrajectoryResult.SUCCESSFUL;
                g.succeed(result, "reached");
            } catch (InterruptedException e) {
                g.abort(result, "aborted: ros_interface/a stopped");
            }
        }

        private void stop(String[] names) {
            VelmaView v = task.view();
            double[] q = new double[names.length];
            actual(v, names, q);
            if (head) {
                headMotion(names, q, STOP_SECONDS);
            } else {
                bodyMotion(names, q, STOP_SECONDS);
            }
        }

        @Override
        public void cancel(ServerGoal<FollowJointTrajectoryGoal, FollowJointTrajectoryResult, FollowJointTrajectoryFeedback> g) {
            // The goal's thread sees the request at its next poll and stops the motion.
        }
    }

    private Motion bodyMotion(String[] names, double[] q, double seconds) {
        VelmaView v = task.view();
        double[] right = null;
        double[] left = null;
        Double torso = null;
        for (int i = 0; i < names.length; i++) {
            int k = BODY_JOINTS.indexOf(names[i]);
            if (k == 0) {
                torso = q[i];
            } else if (k <= Velma.LWR_JOINTS) {
                right = right == null ? v.right().clone() : right;
                right[k - 1] = q[i];
            } else {
                left = left == null ? v.left().clone() : left;
                left[k - 1 - Velma.LWR_JOINTS] = q[i];
            }
        }
        return task.jointImpedance(new JointImpedanceCommand(right, left, torso, seconds, 1));
    }

    private Motion headMotion(String[] names, double[] q, double seconds) {
        VelmaView v = task.view();
        double pan = v.headPan();
        double tilt = v.headTilt();
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(HEAD_JOINTS.get(0))) {
                pan = q[i];
            } else {
                tilt = q[i];
            }
        }
        return task.head(pan, tilt, seconds);
    }

    /** The named joints' positions as cs last saw them. */
    static void actual(VelmaView v, String[] names, double[] out) {
        for (int i = 0; i < names.length; i++) {
            out[i] = position(v, VelmaJoints.NAMES.indexOf(names[i]));
        }
    }

    private static void actual(VelmaView v, String[] names, JointTrajectoryPoint out) {
        out.positions.resize(names.length);
        actual(v, names, out.positions.array());
    }

    private static double position(VelmaView v, int k) {
        if (k == 0) {
            return v.torso();
        }
        if (k <= Velma.LWR_JOINTS) {
            return v.right()[k - 1];
        }
        if (k <= 2 * Velma.LWR_JOINTS) {
            return v.left()[k - 1 - Velma.LWR_JOINTS];
        }
        return k == 1 + 2 * Velma.LWR_JOINTS ? v.headPan() : v.headTilt();
    }

    /** One arm's tool goals. */
    private final class Tool implements ActionHandler<CartImpGoal, CartImpResult, CartImpFeedback> {
        private final boolean right;

        Tool(boolean right) {
            this.right = right;
        }

        @Override
        public void goal(ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> g) {
            CartImpGoal goal = g.goal();
            Pose pose;
            try {
                pose = pose(goal.pose);
            } catch (IllegalArgumentException e) {
                g.reject("refused: " + e.getMessage());
                return;
            }
            double seconds = goal.duration.toNanos() / 1e9;
            Motion m;
            try {
                m = task.cartesianImpedance(new CartesianImpedanceCommand(right ? pose : null, right ? null : pose, seconds));
            } catch (IllegalArgumentException | IllegalStateException e) {
                g.reject("refused: " + e.getMessage());
                return;
            }
            g.accept();
            Motion first = m;
            Thread t = new Thread(() -> follow(g, first), "ros_interface/a " + (right ? "right" : "left") + " tool goal " + g.id());
            t.setDaemon(true);
            t.start();
        }

        private void follow(ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> g, Motion first) {
            CartImpResult result = g.newResult();
            CartImpFeedback feedback = g.newFeedback();
            double[] frame = new double[16];
            try {
                Motion m = await(g, first, () -> {
                    VelmaView v = task.view();
                    toolPose(right ? v.rightTool() : v.leftTool(), frame, feedback.actual);
                    g.publishFeedback(feedback);
                });
                if (g.isCancelRequested()) {
                    VelmaView v = task.view();
                    double[] tool = right ? v.rightTool() : v.leftTool();
                    Pose here = Pose.position(tool[0], tool[1], tool[2]);
                    task.cartesianImpedance(new CartesianImpedanceCommand(right ? here : null, right ? null : here, STOP_SECONDS));
                    g.canceled(result, "canceled: stopped where the tool was");
                } else if (m.phase() == Motion.Phase.DONE) {
                    result.errorCode = CartImpResult.SUCCESSFUL;
                    g.succeed(result, "reached");
                } else {
                    result.errorCode = CartImpResult.PATH_TOLERANCE_VIOLATED;
                    result.errorString = Motions.ended(m);
                    g.abort(result, result.errorString);
                }
            } catch (InterruptedException e) {
                g.abort(result, "aborted: ros_interface/a stopped");
            }
        }

        @Override
        public void cancel(ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> g) {
            // The goal's thread sees the request at its next poll and stops the motion.
        }
    }

    /** Polls the motion until it ends or the goal is cancelled, publishing feedback every {@link #FEEDBACK_MILLIS}. */
    private Motion await(ServerGoal<?, ?, ?> g, Motion m, Runnable feedback) throws InterruptedException {
        long next = System.nanoTime();
        Motion now = m;
        while (!now.ended() && !g.isCancelRequested()) {
            if (System.nanoTime() >= next) {
                feedback.run();
                next = System.nanoTime() + FEEDBACK_MILLIS * 1_000_000;
            }
            Thread.sleep(Motions.POLL_MILLIS);
            now = task.motion(m.id());
        }
        return now;
    }

    /**
     * A geometry_msgs/Pose as the task interface's: the quaternion as roll, pitch, yaw about fixed x, y, z; all four
     * components zero keep the tool's orientation.
     */
    static Pose pose(org.embodia.ros.msg.Pose p) {
        Quaternion q = p.orientation;
        double x = p.position.x;
        double y = p.position.y;
        double z = p.position.z;
        if (q.x == 0 && q.y == 0 && q.z == 0 && q.w == 0) {
            return new Pose(x, y, z, 0, 0, 0, true);
        }
        double n = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
        if (!Double.isFinite(n) || Math.abs(n - 1) > 1e-3) {
            throw new IllegalArgumentException("the orientation (" + q.x + ", " + q.y + ", " + q.z + ", " + q.w
                    + ") is not a unit quaternion (all zeros keep the tool's orientation)");
        }
        double qx = q.x / n, qy = q.y / n, qz = q.z / n, qw = q.w / n;
        double roll = Math.atan2(2 * (qw * qx + qy * qz), 1 - 2 * (qx * qx + qy * qy));
        double pitch = Math.asin(Math.max(-1, Math.min(1, 2 * (qw * qy - qz * qx))));
        double yaw = Math.atan2(2 * (qw * qz + qx * qy), 1 - 2 * (qy * qy + qz * qz));
        return new Pose(x, y, z, roll, pitch, yaw, false);
    }

    /** A tool as VelmaView gives it (position, then the rotation row-major) as a geometry_msgs/Pose. */
    static void toolPose(double[] tool, double[] frame, org.embodia.ros.msg.Pose out) {
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                frame[4 * r + c] = tool[3 + 3 * r + c];
            }
            frame[4 * r + 3] = tool[r];
        }
        frame[15] = 1;
        out.position.x = tool[0];
        out.position.y = tool[1];
        out.position.z = tool[2];
        VelmaJoints.quaternion(frame, out.orientation);
    }

    @Override
    public void close() {
        servers.forEach(RosActionServer::close);
    }

    /** The checks of a joint trajectory the task interface cannot make: names and times. */
    static final class JointGoals {
        private JointGoals() {
        }

        /** What is wrong with the trajectory, or null. */
        static String check(String[] names, List<String> allowed, org.embodia.ros.MessageSeq<JointTrajectoryPoint> points, String which) {
            if (names.length == 0) {
                return "the trajectory names no joint";
            }
            Set<String> seen = new HashSet<>();
            for (String n : names) {
                if (!allowed.contains(n)) {
                    return "unknown joint '" + n + "': this action moves " + which + ", " + String.join(", ", allowed);
                }
                if (!seen.add(n)) {
                    return "joint '" + n + "' named twice";
                }
            }
            if (points.size() == 0) {
                return "the trajectory has no point";
            }
            long before = 0;
            for (int p = 0; p < points.size(); p++) {
                JointTrajectoryPoint point = points.get(p);
                if (point.positions.size() != names.length) {
                    return "point " + p + " has " + point.positions.size() + " positions for " + names.length + " joints";
                }
                for (int i = 0; i < names.length; i++) {
                    if (!Double.isFinite(point.positions.get(i))) {
                        return "point " + p + ": " + names[i] + " is " + point.positions.get(i) + ", not a finite number";
                    }
                }
                long at = point.timeFromStart.toNanos();
                if (at <= before) {
                    return "point " + p + "'s time_from_start " + at / 1e9 + " s is not after the previous point's " + before / 1e9 + " s";
                }
                before = at;
            }
            return null;
        }
    }
}
