package org.embodia.velma.ethercat;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;

/**
 * The C library calls of the raw socket, bound by JNA direct mapping: with primitive arguments and
 * native memory passed as addresses, a call allocates nothing, which the cyclic exchange needs.
 * Errors come back as errno in a {@link LastErrorException}.
 */
final class Libc {
    static final int AF_PACKET = 17;
    static final int SOCK_RAW = 3;
    static final int SOL_PACKET = 263;
    /** Linux 4.20+: do not hand our own transmitted frames back to this socket. */
    static final int PACKET_IGNORE_OUTGOING = 23;
    static final int SIOCGIFHWADDR = 0x8927;
    static final short POLLIN = 1;
    static final int EPERM = 1;
    static final int EINTR = 4;
    static final int EACCES = 13;

    static {
        Native.register("c");
    }

    private Libc() {
    }

    static native int socket(int domain, int type, int protocol) throws LastErrorException;

    static native int bind(int fd, long address, int length) throws LastErrorException;

    static native int setsockopt(int fd, int level, int name, long value, int length) throws LastErrorException;

    static native int ioctl(int fd, long request, long argument) throws LastErrorException;

    /** 0 when there is no such interface. */
    static native int if_nametoindex(String name);

    static native long send(int fd, long buffer, long length, int flags) throws LastErrorException;

    static native long recv(int fd, long buffer, long length, int flags) throws LastErrorException;

    static native int ppoll(long fds, long count, long timeout, long sigmask) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    /** htons: the protocol in sockaddr_ll and socket() is in network byte order. */
    static int htons(int value) {
        return ((value & 0xFF) << 8) | ((value >>> 8) & 0xFF);
    }
}
