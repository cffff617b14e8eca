package org.embodia.velma.emulator.ethercat;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;

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

    static int htons(int value) {
        return ((value & 0xFF) << 8) | ((value >>> 8) & 0xFF);
    }
}
