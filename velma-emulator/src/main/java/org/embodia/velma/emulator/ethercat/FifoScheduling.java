package org.embodia.velma.emulator.ethercat;

/** SCHED_FIFO for the threads of the simulated hardware (root), as the hardware they stand for does not wait for the machine's other work. */
public final class FifoScheduling {
    private FifoScheduling() {
    }

    /** Puts the calling thread under SCHED_FIFO at {@code priority} and on CPU {@code cpu} (any if below 0); what was refused, or null. */
    public static String request(int priority, int cpu) {
        return SegmentLibc.realtime(priority, cpu);
    }
}
