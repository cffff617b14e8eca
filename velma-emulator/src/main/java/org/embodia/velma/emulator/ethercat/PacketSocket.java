package org.embodia.velma.emulator.ethercat;

import java.io.IOException;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * The segment's end of the wire: an AF_PACKET socket for EtherType 0x88A4 on one interface of the calling
 * thread's network namespace (packet(7)), through preallocated native buffers.
 */
final class PacketSocket implements AutoCloseable {
    static final int ETHERTYPE = 0x88A4;
    static final int MAX_FRAME = 1514;

    private final int fd;
    private final Memory buffer = new Memory(MAX_FRAME);
    private final Memory pollFd = new Memory(8);
    private final long bufferAddress = Pointer.nativeValue(buffer);

    PacketSocket(String interfaceName) throws IOException {
        int index = SegmentLibc.if_nametoindex(interfaceName);
        if (index == 0) {
            throw new IOException("no network interface '" + interfaceName + "' in the segment's namespace");
        }
        try {
            fd = SegmentLibc.socket(SegmentLibc.AF_PACKET, SegmentLibc.SOCK_RAW, SegmentLibc.htons(ETHERTYPE));
        } catch (LastErrorException e) {
            throw new IOException("the simulated EtherCAT segment needs CAP_NET_RAW (run as root): socket errno " + e.getErrorCode());
        }
        try (Memory address = new Memory(20); Memory one = new Memory(4)) {
            address.clear();
            address.setShort(0, (short) SegmentLibc.AF_PACKET);
            address.setShort(2, (short) SegmentLibc.htons(ETHERTYPE));
            address.setInt(4, index);
            SegmentLibc.bind(fd, Pointer.nativeValue(address), 20);
            one.setInt(0, 1);
            SegmentLibc.setsockopt(fd, SegmentLibc.SOL_PACKET, SegmentLibc.PACKET_IGNORE_OUTGOING, Pointer.nativeValue(one), 4);
        } catch (LastErrorException e) {
            close();
            throw new IOException("cannot bind the segment's socket to '" + interfaceName + "': errno " + e.getErrorCode());
        }
    }

    /** A frame's length, or 0 when none came within {@code timeoutMillis}. */
    int receive(byte[] into, int timeoutMillis) throws IOException {
        pollFd.setInt(0, fd);
        pollFd.setShort(4, SegmentLibc.POLLIN);
        pollFd.setShort(6, (short) 0);
        try {
            if (SegmentLibc.poll(Pointer.nativeValue(pollFd), 1, timeoutMillis) <= 0) {
                return 0;
            }
            int n = (int) SegmentLibc.recv(fd, bufferAddress, MAX_FRAME, 0);
            buffer.read(0, into, 0, n);
            return n;
        } catch (LastErrorException e) {
            if (e.getErrorCode() == SegmentLibc.EINTR) {
                return 0;
            }
            throw new IOException("the segment's socket failed: errno " + e.getErrorCode());
        }
    }

    void send(byte[] frame, int length) throws IOException {
        buffer.write(0, frame, 0, length);
        try {
            SegmentLibc.send(fd, bufferAddress, length, 0);
        } catch (LastErrorException e) {
            throw new IOException("the segment could not send: errno " + e.getErrorCode());
        }
    }

    @Override
    public void close() {
        try {
            SegmentLibc.close(fd);
        } catch (LastErrorException e) {
            // Already closed: nothing to release.
        }
        buffer.close();
        pollFd.close();
    }
}
