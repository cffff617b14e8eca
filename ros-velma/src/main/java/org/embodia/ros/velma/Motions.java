package org.embodia.ros.velma;

import java.time.Duration;
import java.util.Locale;

import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.VelmaTaskInterface;

/** Waiting for a motion of the task interface to end, off the loop. */
final class Motions {
    /** How often a waiting thread asks the task interface: a tenth of a 100 Hz ROS client's period. */
    static final long POLL_MILLIS = 10;

    private Motions() {
    }

    /** The motion once it ended, or as it is after {@code timeout}. */
    static Motion await(VelmaTaskInterface task, Motion m, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Motion now = m;
        while (!now.ended() && System.nanoTime() < deadline) {
            Thread.sleep(POLL_MILLIS);
            now = task.motion(m.id());
        }
        return now;
    }

    /** An ended motion's outcome: "reached" or "aborted: why". */
    static String ended(Motion m) {
        return m.phase() == Motion.Phase.DONE ? "reached" : "aborted: " + m.detail();
    }

    /** {@link #ended}'s text, or "still <phase> after <timeout>: detail" for a motion that has not ended. */
    static String outcome(Motion m, Duration timeout) {
        if (m.ended()) {
            return ended(m);
        }
        return "still " + m.phase().name().toLowerCase(Locale.ROOT) + " after " + timeout.toSeconds() + " s"
                + (m.detail() == null || m.detail().isEmpty() ? "" : ": " + m.detail());
    }
}
