package org.embodia.scheduler;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * Asks Linux for what a control loop needs, through JNA: the smallest timer slack (prctl
 * PR_SET_TIMERSLACK, the default is 50 µs), SCHED_FIFO at a priority (sched_setscheduler) and, if asked, one CPU
 * to run on (sched_setaffinity, as OROCOS's cpu_affinity and ros2_control's controller manager pin their loops).
 * Says plainly what was granted and what was refused, and why. The scheduler's activities configure their threads with
 * it; so may any thread that must keep the loop's pace (a hardware bundle's receiver, a benchmark's measuring thread).
 */
public final class Realtime {
    private static final int PR_SET_TIMERSLACK = 29;
    private static final int SCHED_FIFO = 1;
    private static final int EPERM = 1;
    private static final int EINVAL = 22;
    /** Bytes of the CPU mask passed to sched_setaffinity: room for 1024 CPUs, as glibc's cpu_set_t. */
    private static final int CPU_MASK_BYTES = 128;

    /** The C library calls used; errno comes back as a LastErrorException. */
    interface CLibrary extends Library {
        int prctl(int option, long arg2, long arg3, long arg4, long arg5) throws LastErrorException;

        int sched_setscheduler(int pid, int policy, Pointer param) throws LastErrorException;

        int sched_setaffinity(int pid, long cpusetsize, Pointer mask) throws LastErrorException;
    }

    /**
     * What the calling thread got.
     *
     * @param description e.g. {@code timer slack 1 ns, SCHED_FIFO 80, CPU 1}, each refusal with its reason
     * @param refused whether a real-time priority or a CPU asked for was refused
     */
    public record Grant(String description, boolean refused) {
        @Override
        public String toString() {
            return description;
        }
    }

    private Realtime() {
    }

    /** Applies to the calling thread, {@code priority} 0 not asking for SCHED_FIFO and {@code cpu} below 0 for any CPU. */
    public static Grant configureCurrentThread(int priority, int cpu) {
        CLibrary c;
        try {
            c = Native.load("c", CLibrary.class);
        } catch (Throwable e) {
            return new Grant("default timer slack and scheduling: the C library is not reachable through JNA (" + e.getMessage() + ")",
                    priority > 0 || cpu >= 0);
        }
        StringBuilder out = new StringBuilder();
        try {
            c.prctl(PR_SET_TIMERSLACK, 1, 0, 0, 0);
            out.append("timer slack 1 ns");
        } catch (LastErrorException e) {
            out.append("timer slack left at its default (prctl errno ").append(e.getErrorCode()).append(')');
        }
        boolean refused = false;
        if (priority <= 0) {
            out.append(", SCHED_OTHER (no real-time priority configured)");
        } else {
            refused = !fifo(c, priority, out);
        }
        if (cpu >= 0) {
            refused |= !pin(c, cpu, out);
        }
        return new Grant(out.toString(), refused);
    }

    private static boolean fifo(CLibrary c, int priority, StringBuilder out) {
        try (Memory param = new Memory(4)) {
            param.setInt(0, priority);
            c.sched_setscheduler(0, SCHED_FIFO, param);
            out.append(", SCHED_FIFO ").append(priority);
            return true;
        } catch (LastErrorException e) {
            out.append(", SCHED_FIFO ").append(priority).append(" REFUSED (errno ").append(e.getErrorCode()).append(e.getErrorCode() == EPERM
                    ? ": not permitted; run as root, grant CAP_SYS_NICE, or raise the rtprio limit in /etc/security/limits.conf)"
                    : ")").append(": running SCHED_OTHER");
            return false;
        }
    }

    private static boolean pin(CLibrary c, int cpu, StringBuilder out) {
        if (cpu >= CPU_MASK_BYTES * 8) {
            out.append(", CPU ").append(cpu).append(" REFUSED (beyond the ").append(CPU_MASK_BYTES * 8).append(" CPUs a mask holds): on any CPU");
            return false;
        }
        try (Memory mask = new Memory(CPU_MASK_BYTES)) {
            mask.clear();
            mask.setByte(cpu / 8, (byte) (1 << (cpu % 8)));
            c.sched_setaffinity(0, CPU_MASK_BYTES, mask);
            out.append(", CPU ").append(cpu);
            return true;
        } catch (LastErrorException e) {
            out.append(", CPU ").append(cpu).append(" REFUSED (errno ").append(e.getErrorCode())
                    .append(e.getErrorCode() == EINVAL ? ": this machine has no such CPU online)" : ")").append(": on any CPU");
            return false;
        }
    }
}
