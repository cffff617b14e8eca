package org.embodia.velma.ethercat;

import java.nio.charset.StandardCharsets;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * An AF_PACKET raw socket for EtherType 0x88A4 bound to one interface (packet(7)): {@code socket(AF_PACKET,
 * SOCK_RAW, htons(0x88A4))}, bound by interface index, with send and a receive that waits at most a timeout
 * (ppoll). Frames go through preallocated native buffers; send and receive allocate nothing and never
 * throw. Not thread-safe: one thread exchanges frames.
 */
public final class RawSocket implements AutoCloseable {
    private static final int SOCKADDR_LL = 20;
    private static final int IFREQ = 40;

    private final String interfaceName;
    private final int fd;
    private final byte[] mac = new byte[6];
    private final Memory tx = new Memory(Frame.MAX_FRAME);
    private final Memory rx = new Memory(Frame.MAX_FRAME);
    private final Memory pollFd = new Memory(8);
    private final Memory timeout = new Memory(16);
    private final long txAddress = Pointer.nativeValue(tx);
    private final long rxAddress = Pointer.nativeValue(rx);
    private final long pollAddress = Pointer.nativeValue(pollFd);
    private final long timeoutAddress = Pointer.nativeValue(timeout);
    private volatile int lastErrno;

    private RawSocket(String interfaceName, int fd) {
        this.interfaceName = interfaceName;
        this.fd = fd;
    }

    /**
     * Opens the socket on {@code interfaceName}. Fails with what to fix when the interface does not exist or
     * the process lacks CAP_NET_RAW.
     */
    public static RawSocket open(String interfaceName) throws EthercatException {
        if (interfaceName == null || interfaceName.isBlank()) {
            throw new EthercatException("no network interface configured: set 'interface' to the NIC the EtherCAT bus is on (see ip link)");
        }
        int index = Libc.if_nametoindex(interfaceName);
        if (index == 0) {
            throw new EthercatException("no network interface '" + interfaceName + "': no such device in this network namespace;"
                    + " check the name with ip link and set 'interface' to it");
        }
        int fd;
        try {
            fd = Libc.socket(Libc.AF_PACKET, Libc.SOCK_RAW, Libc.htons(Ec.ETHERTYPE));
        } catch (LastErrorException e) {
            if (e.getErrorCode() == Libc.EPERM || e.getErrorCode() == Libc.EACCES) {
                throw new EthercatException("a raw EtherCAT socket on '" + interfaceName
                        + "' needs CAP_NET_RAW: run as root or setcap cap_net_raw+ep on the java binary (errno " + e.getErrorCode() + ")");
            }
            throw new EthercatException("cannot open a raw socket for EtherCAT: errno " + e.getErrorCode());
        }
        RawSocket socket = new RawSocket(interfaceName, fd);
        try {
            socket.configure(index);
        } catch (LastErrorException e) {
            socket.close();
            throw new EthercatException("cannot bind the raw EtherCAT socket to '" + interfaceName + "' (bind, PACKET_IGNORE_OUTGOING of"
                    + " Linux 4.20+, SIOCGIFHWADDR): errno " + e.getErrorCode());
        }
        return socket;
    }

    private void configure(int index) {
        try (Memory address = new Memory(SOCKADDR_LL); Memory ifreq = new Memory(IFREQ); Memory one = new Memory(4)) {
            address.clear();
            address.setShort(0, (short) Libc.AF_PACKET);
            address.setShort(2, (short) Libc.htons(Ec.ETHERTYPE));
            address.setInt(4, index);
            Libc.bind(fd, Pointer.nativeValue(address), SOCKADDR_LL);
            one.setInt(0, 1);
            // Else the socket would also receive every frame it sends (Linux 4.20+).
            Libc.setsockopt(fd, Libc.SOL_PACKET, Libc.PACKET_IGNORE_OUTGOING, Pointer.nativeValue(one), 4);
            ifreq.clear();
            byte[] name = interfaceName.getBytes(StandardCharsets.US_ASCII);
            ifreq.write(0, name, 0, Math.min(name.length, 15));
            Libc.ioctl(fd, Libc.SIOCGIFHWADDR, Pointer.nativeValue(ifreq));
            // struct ifreq: 16 bytes of name, then struct sockaddr: 2 bytes of family, then the address.
            ifreq.read(18, mac, 0, 6);
        }
    }

    public String interfaceName() {
        return interfaceName;
    }

    /** The interface's MAC address, the source address of the frames sent. */
    public byte[] mac() {
        return mac.clone();
    }

    /** Sends the first {@code length} bytes of {@code frame}; false when the kernel refused (see {@link #lastErrno()}). */
    public boolean send(byte[] frame, int length) {
        tx.write(0, frame, 0, length);
        try {
            return Libc.send(fd, txAddress, length, 0) == length;
        } catch (LastErrorException e) {
            lastErrno = e.getErrorCode();
            return false;
        }
    }

    /**
     * Waits at most {@code timeoutNanos} for a frame and copies it into {@code into}. Returns its length, 0 on
     * timeout, -1 on an error (see {@link #lastErrno()}).
     */
    public int receive(byte[] into, long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        pollFd.setInt(0, fd);
        pollFd.setShort(4, Libc.POLLIN);
        try {
            while (true) {
                // Polled at least once even when the time is up: after a stall of this thread the frame may be waiting.
                long left = Math.max(0, deadline - System.nanoTime());
                pollFd.setShort(6, (short) 0);
                timeout.setLong(0, left / 1_000_000_000L);
                timeout.setLong(8, left % 1_000_000_000L);
                int ready;
                try {
                    ready = Libc.ppoll(pollAddress, 1, timeoutAddress, 0);
                } catch (LastErrorException e) {
                    if (e.getErrorCode() == Libc.EINTR) {
                        continue;
                    }
                    throw e;
                }
                if (ready > 0) {
                    int n = (int) Libc.recv(fd, rxAddress, Math.min(into.length, Frame.MAX_FRAME), 0);
                    rx.read(0, into, 0, n);
                    return n;
                }
                if (left == 0) {
                    return 0;
                }
            }
        } catch (LastErrorException e) {
            lastErrno = e.getErrorCode();
            return -1;
        }
    }

    /** errno of the last failed send or receive. */
    public int lastErrno() {
        return lastErrno;
    }

    @Override
    public void close() {
        try {
            Libc.close(fd);
        } catch (LastErrorException e) {
            // Closing a socket that failed to configure: nothing left to release.
        }
        tx.close();
        rx.close();
        pollFd.close();
        timeout.close();
    }
}
