package org.embodia.scheduler;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

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
 * {@link #configureJvmThreads} raises the JVM's own threads that a loop waits for, and no others.
 */
public final class Realtime {
    private static final int PR_SET_TIMERSLACK = 29;
    private static final int SCHED_OTHER = 0;
    private static final int SCHED_FIFO = 1;
    private static final int EPERM = 1;
    private static final int EINVAL = 22;
    /** Bytes of the CPU mask passed to sched_setaffinity: room for 1024 CPUs, as glibc's cpu_set_t. */
    private static final int CPU_MASK_BYTES = 128;
    /**
     * The threads a loop waits for at a safepoint, by their Linux names (HotSpot's, cut to 15 characters): the VM thread
     * and the collectors' workers of a pause (G1's and Parallel's, ZGC's runtime workers). Not the JIT compilers nor the
     * concurrent collector threads: busy for seconds at a time, at real-time priority they would keep a CPU from
     * everything else, and Linux then stops every real-time thread on it for up to 50 ms a second (its RT throttling,
     * or the fair server of kernels since 6.12).
     */
    static final Pattern JVM_THREADS = Pattern.compile("VM Thread|GC Thread#\\d+|RuntimeWorker#\\d+");

    /** The C library calls used; errno comes back as a LastErrorException. */
    interface CLibrary extends Library {
        int prctl(int option, long arg2, long arg3, long arg4, long arg5) throws LastErrorException;

        int sched_setscheduler(int pid, int policy, Pointer param) throws LastErrorException;

        int sched_setaffinity(int pid, long cpusetsize, Pointer mask) throws LastErrorException;

        int sched_getscheduler(int pid) throws LastErrorException;
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

    /**
     * Puts the JVM's own threads a loop waits for ({@link #JVM_THREADS}) that run at normal priority under SCHED_FIFO at
     * {@code priority}, below the loop's: at a safepoint a loop waits for the VM thread, and at normal priority that
     * queues behind any busy process for milliseconds. The rest of the JVM stays at normal priority. Threads already
     * real-time are left as they are; so, calling it again, are those it raised. Linux only.
     */
    public static Grant configureJvmThreads(int priority) {
        CLibrary c;
        try {
            c = Native.load("c", CLibrary.class);
        } catch (Throwable e) {
            return new Grant("the JVM's threads at their priority: the C library is not reachable through JNA (" + e.getMessage() + ")", true);
        }
        int raised = 0;
        int already = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"));
                Memory param = new Memory(4)) {
            param.setInt(0, priority);
            for (Path task : tasks) {
                String comm;
                try {
                    comm = Files.readString(task.resolve("comm")).strip();
                } catch (IOException e) {
                    // The thread ended since the directory was listed.
                    continue;
                }
                if (!JVM_THREADS.matcher(comm).matches()) {
                    continue;
                }
                int tid = Integer.parseInt(task.getFileName().toString());
                try {
                    if (c.sched_getscheduler(tid) != SCHED_OTHER) {
                        already++;
                        continue;
                    }
                    c.sched_setscheduler(tid, SCHED_FIFO, param);
                    raised++;
                } catch (LastErrorException e) {
                    return new Grant("the JVM's VM and collector threads SCHED_FIFO " + priority + " REFUSED (errno " + e.getErrorCode()
                            + (e.getErrorCode() == EPERM ? ": not permitted" : "") + "): at normal priority", true);
                }
            }
        } catch (IOException e) {
            return new Grant("the JVM's threads at their priority: /proc/self/task is not readable (" + e.getMessage() + ")", true);
        }
        return new Grant("the JVM's VM and collector threads SCHED_FIFO " + priority + " (" + raised + " raised, " + already
                + " real-time before)", false);
    }

    /**
     * What of the machine's memory management can hold a loop, said plainly; empty when nothing is known to. Linux's
     * DAMON, when a kdamond runs, samples the memory's accessed bits at each sampling interval, clearing them in the page
     * tables of every process whose pages it samples, the loop's too. On the VMs Embodia is measured on (whose
     * hypervisor, by all signs, shadows the page tables) each such sample held velma-hw's loop about 3 ms: a tick without
     * a cycle at 500 Hz (docs/scheduler.md, "What the machine does to a loop"). Read off the loop, once.
     */
    public static String memoryMonitors() {
        return memoryMonitors(Path.of("/sys/kernel/mm/damon/admin/kdamonds"));
    }

    static String memoryMonitors(Path kdamonds) {
        StringBuilder out = new StringBuilder();
        try (DirectoryStream<Path> each = Files.newDirectoryStream(kdamonds, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path k : each) {
                if (!"on".equals(read(k.resolve("state")))) {
                    continue;
                }
                String sample = read(k.resolve("contexts/0/monitoring_attrs/intervals/sample_us"));
                String action = read(k.resolve("contexts/0/schemes/0/action"));
                out.append(out.length() == 0 ? "" : "; ").append("DAMON's kdamond ").append(k.getFileName()).append(" on");
                if (sample.matches("\\d+")) {
                    out.append(", sampling the memory every ").append(Long.parseLong(sample) / 1000).append(" ms");
                }
                if (!action.isEmpty()) {
                    out.append(", scheme ").append(action);
                }
            }
        } catch (IOException e) {
            // No DAMON in this kernel, or not readable: nothing known to hold the loop.
            return "";
        }
        return out.length() == 0 ? "" : out + ": each sample may hold this loop (docs/scheduler.md)";
    }

    /** A sysfs file's first line, empty if it cannot be read. */
    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "";
        }
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
