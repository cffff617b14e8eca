package org.embodia.rapp.host;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;

/**
 * Forbids the running process, every thread of it, to start another process: a dynamic agent is untrusted code, and a
 * program it could start would run outside the JVM and everything that confines the agent there. Installs a Linux
 * seccomp filter (seccomp(2)) that fails fork, vfork, execve, execveat and any clone that does not make a thread, while
 * clone with CLONE_THREAD, which the JVM needs for its threads, goes on working. The kernel keeps a filter for the life
 * of the process and no thread can lift it.
 */
final class NoNewProcesses {
    private static final int PR_SET_NO_NEW_PRIVS = 38;
    private static final long SECCOMP_SET_MODE_FILTER = 1;
    /** Applies the filter to every thread of the process, not only the calling one. */
    private static final long SECCOMP_FILTER_FLAG_TSYNC = 1;
    private static final int SECCOMP_RET_ALLOW = 0x7fff0000;
    private static final int SECCOMP_RET_ERRNO = 0x00050000;
    private static final int EPERM = 1;
    private static final int ENOSYS = 38;
    /**
     * The kernel accepts CLONE_THREAD only together with CLONE_VM and CLONE_SIGHAND, so a clone with it always makes a
     * thread of this process, never a new process.
     */
    private static final int CLONE_THREAD = 0x00010000;
    /** Marks the system calls of x86_64's x32 ABI: they carry x86_64's AUDIT_ARCH but numbers of their own. */
    private static final int X32_SYSCALL_BIT = 0x40000000;

    /**
     * Offsets in Linux's seccomp_data: the syscall number, its AUDIT_ARCH, and the low half of args[0] on a little-endian
     * machine, where CLONE_THREAD is.
     */
    private static final int NR = 0;
    private static final int ARCH = 4;
    private static final int ARG0_LOW = 16;

    /** Classic BPF opcodes: BPF_LD|BPF_W|BPF_ABS, BPF_JMP|BPF_JEQ|BPF_K, BPF_JMP|BPF_JSET|BPF_K, BPF_RET|BPF_K. */
    private static final int LD_W_ABS = 0x20;
    private static final int JEQ_K = 0x15;
    private static final int JSET_K = 0x45;
    private static final int RET_K = 0x06;
    /** Bytes of a struct sock_filter: u16 code, u8 jt, u8 jf, u32 k. */
    private static final int SOCK_FILTER_SIZE = 8;

    /**
     * What the filter needs to know of an architecture.
     *
     * @param auditArch its AUDIT_ARCH, which seccomp_data carries, so that another ABI's numbers are not misread
     * @param seccomp the number of the seccomp system call
     * @param x32 whether x32 system call numbers are to be refused
     * @param cloneNr the number of clone, allowed only for threads
     * @param clone3Nr the number of clone3, whose flags are behind a pointer a filter cannot read
     * @param refused the numbers that start or become another program: fork, vfork, execve, execveat
     */
    private record Arch(int auditArch, long seccomp, boolean x32, int cloneNr, int clone3Nr, int... refused) {
    }

    private static final Arch X86_64 = new Arch(0xC000003E, 317, true, 56, 435, 57, 58, 59, 322);
    /** aarch64 has no fork or vfork system call: glibc forks with clone. */
    private static final Arch AARCH64 = new Arch(0xC00000B7, 277, false, 220, 435, 221, 281);

    /** Where a filter instruction jumps to: the next one or one of the returns, which close the program in this order. */
    private enum Target {
        NEXT(0), ALLOW(SECCOMP_RET_ALLOW), DENY(SECCOMP_RET_ERRNO | EPERM), NO_SUCH_CALL(SECCOMP_RET_ERRNO | ENOSYS);

        /** What the return instruction returns. */
        final int action;

        Target(int action) {
            this.action = action;
        }
    }

    private record Instruction(int code, int k, Target jt, Target jf) {
    }

    /** The C library's variadic prctl and syscall; JNA passes the arguments after the first as C varargs. */
    private interface C extends Library {
        int prctl(int option, Object... args);

        long syscall(long number, Object... args);
    }

    private NoNewProcesses() {
    }

    /**
     * Installs the filter for every thread of this process, for the rest of its life.
     *
     * @throws IllegalStateException if this is not Linux on x86_64 or aarch64, or the kernel refused the filter
     */
    static void install() {
        Arch arch = arch();
        C c;
        try {
            c = Native.load("c", C.class);
        } catch (UnsatisfiedLinkError e) {
            throw new IllegalStateException("Cannot forbid new processes: the C library is not reachable through JNA", e);
        }
        // A process without CAP_SYS_ADMIN may install a filter only if it cannot gain privileges by execve.
        if (c.prctl(PR_SET_NO_NEW_PRIVS, 1L, 0L, 0L, 0L) != 0) {
            throw new IllegalStateException("Cannot forbid new processes: prctl(PR_SET_NO_NEW_PRIVS) failed, errno "
                    + Native.getLastError());
        }
        try (Memory filter = filter(body(arch)); Memory program = new Memory(16)) {
            program.setShort(0, (short) (filter.size() / SOCK_FILTER_SIZE));
            // struct sock_fprog: the pointer is aligned to 8 bytes on a 64-bit architecture.
            program.setPointer(8, filter);
            long result = c.syscall(arch.seccomp(), SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, program);
            if (result == -1) {
                throw new IllegalStateException(
                        "Cannot forbid new processes: seccomp(SECCOMP_SET_MODE_FILTER, TSYNC) failed, errno " + Native.getLastError());
            }
            if (result != 0) {
                throw new IllegalStateException("Cannot forbid new processes: seccomp could not apply the filter to thread " + result);
            }
        }
    }

    private static Arch arch() {
        String name = System.getProperty("os.arch");
        if (!System.getProperty("os.name").equals("Linux") || ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            throw new IllegalStateException("Cannot forbid new processes: seccomp is used here only on little-endian Linux, not on "
                    + System.getProperty("os.name") + " " + name);
        }
        return switch (name) {
            case "amd64", "x86_64" -> X86_64;
            case "aarch64" -> AARCH64;
            default -> throw new IllegalStateException("Cannot forbid new processes: unsupported architecture " + name);
        };
    }

    /**
     * The filter up to its returns: another ABI's calls, fork, vfork, execve, execveat and a clone not making a thread
     * fail with EPERM.
     */
    private static List<Instruction> body(Arch arch) {
        List<Instruction> body = new ArrayList<>();
        body.add(load(ARCH));
        body.add(new Instruction(JEQ_K, arch.auditArch(), Target.NEXT, Target.DENY));
        body.add(load(NR));
        if (arch.x32()) {
            body.add(new Instruction(JSET_K, X32_SYSCALL_BIT, Target.DENY, Target.NEXT));
        }
        for (int nr : arch.refused()) {
            body.add(new Instruction(JEQ_K, nr, Target.DENY, Target.NEXT));
        }
        // ENOSYS, not EPERM: glibc then falls back to clone, whose flags the filter can read.
        body.add(new Instruction(JEQ_K, arch.clone3Nr(), Target.NO_SUCH_CALL, Target.NEXT));
        body.add(new Instruction(JEQ_K, arch.cloneNr(), Target.NEXT, Target.ALLOW));
        body.add(load(ARG0_LOW));
        body.add(new Instruction(JSET_K, CLONE_THREAD, Target.ALLOW, Target.DENY));
        return body;
    }

    private static Instruction load(int offset) {
        return new Instruction(LD_W_ABS, offset, Target.NEXT, Target.NEXT);
    }

    /** The body and then its returns as an array of struct sock_filter, jumps resolved to offsets. */
    private static Memory filter(List<Instruction> body) {
        int returns = body.size();
        Memory filter = new Memory((long) (returns + Target.values().length - 1) * SOCK_FILTER_SIZE);
        for (int i = 0; i < returns; i++) {
            Instruction instruction = body.get(i);
            put(filter, i, instruction.code(), jump(i, returns, instruction.jt()), jump(i, returns, instruction.jf()),
                    instruction.k());
        }
        for (Target target : Target.values()) {
            if (target != Target.NEXT) {
                put(filter, at(returns, target), RET_K, 0, 0, target.action);
            }
        }
        return filter;
    }

    private static int at(int returns, Target target) {
        return returns + target.ordinal() - 1;
    }

    /** Classic BPF jumps forward by the number of instructions skipped. */
    private static int jump(int from, int returns, Target target) {
        return target == Target.NEXT ? 0 : at(returns, target) - (from + 1);
    }

    private static void put(Memory filter, int index, int code, int jt, int jf, int k) {
        long at = (long) index * SOCK_FILTER_SIZE;
        filter.setShort(at, (short) code);
        filter.setByte(at + 2, (byte) jt);
        filter.setByte(at + 3, (byte) jf);
        filter.setInt(at + 4, k);
    }
}
