package org.embodia.velma.shell;

import static org.embodia.velma.model.VelmaModel.CROSSED;
import static org.embodia.velma.model.VelmaModel.READY_LEFT;
import static org.embodia.velma.model.VelmaModel.READY_RIGHT;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.embodia.velma.api.Velma;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.Pose;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.cs.api.VelmaView;

/**
 * The Velma scenario of {@code velma:demo}: safe → exit safe → transp → safe_col, clear of self collision (at once
 * when the arms are) → jnt_imp to a posture →
 * cart_imp to a pose → a motion into self-collision ending in safe, then safe_col pushing the arms
 * apart → an over-stiff command whose torques ve_body refuses, sending it to safe. A watcher prints
 * every cs state change and every change of ve_body's mode; each step checks its goal and the demo
 * fails at the first one missed.
 */
final class Demo {
    private static final Set<String> SAFE_MODE = Set.of("safe", "safe_st", "safe_st_ok");

    private final VelmaTaskInterface task;
    private final VelmaCommands commands;
    private final PrintStream out;
    private final long start = System.nanoTime();
    private volatile boolean watching = true;

    Demo(VelmaTaskInterface task, VelmaCommands commands, PrintStream out) {
        this.task = task;
        this.commands = commands;
        this.out = out;
    }

    String run() throws InterruptedException {
        long firstIteration = task.view().iteration();
        Thread watcher = new Thread(this::watch, "velma-demo-watcher");
        watcher.setDaemon(true);
        watcher.start();
        try {
            step("ve_body in safe mode, cs idle", () -> SAFE_MODE.contains(veBody()) && "idle".equals(cs()), 20);
            expect(task.exitSafeMode(), 10, Motion.Phase.DONE, "exit safe mode");
            step("ve_body transparent (transp), cs safe", () -> veBody().startsWith("transp") && "safe".equals(cs()), 5);
            step("torso and head drives enabled and homed", () -> task.view().motorsReady(), 30);
            // A run may start where the last one left the arms, after its over-stiff command: out of self collision first,
            // as an operator would. Done at once when they are clear.
            expect(task.relax(), 10, Motion.Phase.DONE, "safe_col: the arms clear of self collision");

            expect(task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, 0.2, 3, 1)), 3, Motion.Phase.DONE, "jnt_imp to a posture");
            VelmaView v = task.view();
            say(String.format(Locale.ROOT, "  posture reached: right %s, torso %.3f", VelmaCommands.joints(v.right()), v.torso()));

            double[] r = v.rightTool();
            double[] l = v.leftTool();
            Pose right = Pose.position(r[0] + 0.1, r[1] + 0.05, r[2] + 0.1);
            Pose left = Pose.position(l[0] + 0.1, l[1] - 0.05, l[2] + 0.1);
            expect(task.cartesianImpedance(new CartesianImpedanceCommand(right, left, 2)), 2, Motion.Phase.DONE, "cart_imp to a pose");
            v = task.view();
            say("  right tool " + VelmaCommands.pose(v.rightTool()) + String.format(Locale.ROOT, ", %.1f mm from the target",
                    1000 * Math.sqrt(square(v.rightTool()[0] - right.x()) + square(v.rightTool()[1] - right.y()) + square(v.rightTool()[2] - right.z()))));

            Motion into = task.jointImpedance(new JointImpedanceCommand(CROSSED, CROSSED, null, 3, 1));
            Motion ended = expect(into, 3, Motion.Phase.ABORTED, "a motion into self-collision");
            if (!ended.detail().contains("self collision")) {
                throw new IllegalStateException("the motion into self-collision ended for another reason: " + VelmaCommands.describe(ended));
            }
            step("cs stopped in safe", () -> "safe".equals(cs()), 2);
            say(String.format(Locale.ROOT, "  self-collision distance %.3f m (%s)", task.view().selfCollisionDistance(), task.view().nearestPair()));
            expect(task.relax(), 10, Motion.Phase.DONE, "safe_col pushes the arms apart");
            say(String.format(Locale.ROOT, "  self-collision distance %.3f m", task.view().selfCollisionDistance()));

            double[] far = READY_RIGHT.clone();
            far[1] = 0.3;
            task.jointImpedance(new JointImpedanceCommand(far, null, null, 0.02, JointImpedanceCommand.MAX_STIFFNESS_SCALE));
            step("an over-stiff command: ve_body refuses its torques and goes to safe, cs to idle",
                    () -> SAFE_MODE.contains(veBody()) && "idle".equals(cs()), 2);
            // cs's iterations are the robot's time: at velma.sim's pace fast it runs ahead of the wall clock.
            double robotSeconds = (task.view().iteration() - firstIteration) * Velma.PERIOD_SECONDS;
            double wallSeconds = (System.nanoTime() - start) / 1e9;
            say(String.format(Locale.ROOT, "  robot time %.1f s in %.1f s: %.1f× real time", robotSeconds, wallSeconds, robotSeconds / wallSeconds));
            return "demo: every step reached its goal";
        } finally {
            watching = false;
            watcher.join(1000);
        }
    }

    private static double square(double x) {
        return x * x;
    }

    private String cs() {
        return commands.state(VelmaCommands.CS);
    }

    private String veBody() {
        return commands.state(VelmaCommands.VE_BODY);
    }

    private Motion expect(Motion m, double seconds, Motion.Phase wanted, String what) throws InterruptedException {
        say("> " + what + ": " + m.kind() + " #" + m.id());
        Motion end = commands.waitFor(m.id(), seconds + VelmaCommands.SLACK_SECONDS);
        if (end.phase() != wanted) {
            throw new IllegalStateException(what + ": expected " + wanted + ", got " + VelmaCommands.describe(end) + commands.whySafe(end));
        }
        say("  ok: " + VelmaCommands.describe(end));
        return end;
    }

    private void step(String what, BooleanSupplier goal, double seconds) throws InterruptedException {
        say("> " + what);
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (!goal.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(what + ": not reached within " + seconds + " s (cs " + cs() + ", ve_body " + veBody() + ")");
            }
            Thread.sleep(2);
        }
        say("  ok");
    }

    private void watch() {
        String cs = null;
        String mode = null;
        while (watching && !Thread.currentThread().isInterrupted()) {
            String c = cs();
            String v = veBody();
            if (c.equals("null") || v.equals("null")) {
                // Read between two of an FSM's states; the next look sees where it went.
                sleep();
                continue;
            }
            String m = SAFE_MODE.contains(v) ? "safe mode (" + v + ")" : v.startsWith("transp") ? "transparent (" + v + ")" : v;
            if (!c.equals(cs)) {
                say("  [cs] " + (cs == null ? "" : cs + " -> ") + c);
                cs = c;
            }
            if (mode == null || !m.equals(mode) && !sameMode(mode, m)) {
                say("  [ve_body] " + (mode == null ? "" : mode + " -> ") + m);
                mode = m;
            }
            sleep();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean sameMode(String a, String b) {
        return a.substring(0, Math.max(0, a.indexOf(' '))).equals(b.substring(0, Math.max(0, b.indexOf(' ')))) && a.indexOf(' ') > 0;
    }

    private synchronized void say(String line) {
        out.printf(Locale.ROOT, "%8.3f s %s%n", (System.nanoTime() - start) / 1e9, line);
        out.flush();
    }
}
