package org.embodia.velma.ethercat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * A capture of every EtherCAT frame on one interface, both ways, as tcpdump would take it: an AF_PACKET socket
 * for all protocols (only those see outgoing frames too, packet(7)) read by a thread of its own, each
 * EtherType 0x88A4 frame kept with its time. {@link #write} saves them as a classic pcap file (the libpcap
 * format: a 24-byte global header with link type 1, Ethernet, then a 16-byte record header per frame).
 */
final class PcapSniffer implements AutoCloseable {
    private static final int ETH_P_ALL = 0x0003;
    private static final int SOL_SOCKET = 1;
    /** As root, a receive buffer beyond rmem_max: this VM may keep the thread off its core while hundreds of frames pass. */
    private static final int SO_RCVBUFFORCE = 33;
    private static final int RECEIVE_BUFFER = 16 << 20;

    private final int fd;
    private final Memory buffer = new Memory(Frame.MAX_FRAME);
    private final Memory pollFd = new Memory(8);
    private final Memory timeout = new Memory(16);
    private final ByteArrayOutputStream records = new ByteArrayOutputStream();
    private final Thread thread;
    private final long epochMicros = System.currentTimeMillis() * 1000;
    private final long startNanos = System.nanoTime();
    private volatile boolean running = true;
    private volatile int frames;
    private volatile Throwable failure;

    PcapSniffer(String interfaceName) {
        int index = Libc.if_nametoindex(interfaceName);
        fd = Libc.socket(Libc.AF_PACKET, Libc.SOCK_RAW, Libc.htons(ETH_P_ALL));
        try (Memory address = new Memory(20); Memory size = new Memory(4)) {
            size.setInt(0, RECEIVE_BUFFER);
            Libc.setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, Pointer.nativeValue(size), 4);
            address.clear();
            address.setShort(0, (short) Libc.AF_PACKET);
            address.setShort(2, (short) Libc.htons(ETH_P_ALL));
            address.setInt(4, index);
            Libc.bind(fd, Pointer.nativeValue(address), 20);
        }
        thread = new Thread(this::capture, "pcap " + interfaceName);
        thread.setDaemon(true);
        thread.start();
    }

    private void capture() {
        byte[] frame = new byte[Frame.MAX_FRAME];
        pollFd.setInt(0, fd);
        pollFd.setShort(4, Libc.POLLIN);
        timeout.setLong(0, 0);
        timeout.setLong(8, 20_000_000L);
        try {
            while (running) {
                pollFd.setShort(6, (short) 0);
                if (Libc.ppoll(Pointer.nativeValue(pollFd), 1, Pointer.nativeValue(timeout), 0) <= 0) {
                    continue;
                }
                int n = (int) Libc.recv(fd, Pointer.nativeValue(buffer), Frame.MAX_FRAME, 0);
                buffer.read(0, frame, 0, n);
                if (n >= 14 && (frame[12] & 0xFF) == 0x88 && (frame[13] & 0xFF) == 0xA4) {
                    record(frame, n);
                }
            }
        } catch (LastErrorException e) {
            if (e.getErrorCode() != Libc.EINTR) {
                failure = e;
            }
        }
    }

    private synchronized void record(byte[] frame, int length) {
        long micros = epochMicros + (System.nanoTime() - startNanos) / 1000;
        ByteBuffer header = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt((int) (micros / 1_000_000)).putInt((int) (micros % 1_000_000)).putInt(length).putInt(length);
        records.write(header.array(), 0, 16);
        records.write(frame, 0, length);
        frames++;
    }

    /** EtherCAT frames captured so far, both ways. */
    int frames() {
        return frames;
    }

    /** What stopped the capture, or null. */
    Throwable failure() {
        return failure;
    }

    /** The frames captured so far as a pcap file at {@code file}. */
    synchronized void write(Path file) throws IOException {
        ByteBuffer global = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        // Magic (microsecond timestamps), version 2.4, UTC, no accuracy figure, snap length, link type Ethernet.
        global.putInt(0xA1B2C3D4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1);
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (var out = Files.newOutputStream(file)) {
            out.write(global.array());
            records.writeTo(out);
        }
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Libc.close(fd);
        buffer.close();
        pollFd.close();
        timeout.close();
    }
}
