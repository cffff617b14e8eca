package org.embodia.ros.nao;

/**
 * Lets through at most {@code rate} of a buffer's messages per second, judged by the times the loop sent them, so that
 * a topic's rate does not depend on how the bridge's polls fall between the loop's cycles. Each message is due a
 * period after the previous one was; a quarter period of slack takes in the loop's jitter, and since due times advance
 * by whole periods, the long-run rate is exactly {@code rate} when messages come faster (15 Hz out of the 50 Hz loop:
 * intervals of 60, 60 and 80 ms). After a gap of more than a period (a paused loop, the first message) the count
 * starts again rather than catching up.
 */
final class RateGate {
    private final long periodNanos;
    private final long slackNanos;
    private boolean started;
    private long due;

    RateGate(double rate) {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("a rate is a positive number of messages per second, not " + rate);
        }
        periodNanos = Math.round(1e9 / rate);
        slackNanos = periodNanos / 4;
    }

    /** Whether the message the loop sent at {@code sentNanos} ({@link System#nanoTime()}) is to be published. */
    boolean pass(long sentNanos) {
        if (!started || sentNanos - due > periodNanos) {
            started = true;
            due = sentNanos + periodNanos;
            return true;
        }
        if (sentNanos - (due - slackNanos) >= 0) {
            due += periodNanos;
            return true;
        }
        return false;
    }
}
