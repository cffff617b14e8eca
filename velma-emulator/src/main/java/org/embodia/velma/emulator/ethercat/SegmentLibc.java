package org.embodia.velma.emulator.ethercat;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/** The C library calls the simulated segment's socket needs, by JNA direct mapping (errno as LastErrorException). */
final class SegmentLibc {
    static final int AF_PACKET = 17;
    static final int SOCK_RAW = 3;
    static final int SOL_PACKET = 263;
    static final int PACKET_IGNORE_OUTGOING = 23;
    static final int O_RDONLY = 0;
    static final int CLONE_NEWNET = 0x40000000;
    static final short POLLIN = 1;
    static final int EINTR = 4;
    static final int EPERM = 1;
    static final int EINVAL = 22;
    static final int SCHED_FIFO = 1;
    /** Bytes of a CPU mask: room for 1024 CPUs, as glibc's cpu_set_t. */
    static final int CPU_MASK_BYTES = 128;

    static {
        Native.register("c");
    }

    private SegmentLibc() {
    }

    static native int socket(int domain, int type, int protocol) throws LastErrorException;

    static native int bind(int fd, long address, int length) throws LastErrorException;

    static native int setsockopt(int fd, int level, int name, long value, int length) throws LastErrorException;

    static native int if_nametoindex(String name);

    static native long send(int fd, long buffer, long length, int flags) throws LastErrorException;

    static native long recv(int fd, long buffer, long length, int flags) throws LastErrorException;

    static native int poll(long fds, long count, int timeoutMillis) throws LastErrorException;

    static native int open(String path, int flags) throws LastErrorException;

    /** Moves the calling thread (only it) into the namespace of {@code fd} (setns(2)). */
    static native int setns(int fd, int type) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    /** {@code param} points at a struct sched_param: one int, the priority. */
    static native int sched_setscheduler(int pid, int policy, long param) throws LastErrorException;

    static native int sched_setaffinity(int pid, long maskBytes, long mask) throws LastErrorException;

    /**
     * Puts the calling thread under SCHED_FIFO at {@code priority}, as the hardware it stands for does not wait for
     * the machine's other work, and on CPU {@code cpu} unless it is below 0; a message saying what was refused, or null.
     */
    static String realtime(int priority, int cpu) {
        try (Memory param = new Memory(4)) {
            param.setInt(0, priority);
            sched_setscheduler(0, SCHED_FIFO, Pointer.nativeValue(param));
        } catch (LastErrorException e) {
            return "SCHED_FIFO " + priority + " refused (errno " + e.getErrorCode() + (e.getErrorCode() == EPERM ? "): run as root" : ")");
        }
        if (cpu < 0) {
            return null;
        }
        if (cpu >= CPU_MASK_BYTES * 8) {
            return "CPU " + cpu + " refused (beyond the " + CPU_MASK_BYTES * 8 + " CPUs a mask holds)";
        }
        try (Memory mask = new Memory(CPU_MASK_BYTES)) {
            mask.clear();
            mask.setByte(cpu / 8, (byte) (1 << (cpu % 8)));
            sched_setaffinity(0, CPU_MASK_BYTES, Pointer.nativeValue(mask));
            return null;
        } catch (LastErrorException e) {
            return "CPU " + cpu + " refused (errno " + e.getErrorCode() + (e.getErrorCode() == EINVAL ? ": no such CPU online)" : ")");
        }
    }

    static int htons(int value) {
        return ((value & 0xFF) << 8) | ((value >>> 8) & 0xFF);
    }
}
