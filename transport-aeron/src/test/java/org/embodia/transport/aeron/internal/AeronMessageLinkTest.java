package org.embodia.transport.aeron.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;

import org.embodia.transport.MessageLink;
import org.embodia.transport.TransportException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole messages both ways, in order, longer ones than a term's fragment, and a clear error past the channel's bound. */
class AeronMessageLinkTest {
    /** 32 MiB terms, made as sparse files: a message may be 4 MiB, and only the pages written take memory. */
    static final String CHANNEL = "aeron:ipc?term-length=32m|sparse=true";
    @TempDir
    Path dir;
    private AeronBufferTransport transport;

    @AfterEach
    void close() {
        if (transport != null) {
            transport.close();
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.sleep(1);
        }
    }

    private static List<byte[]> receive(MessageLink link, int count) throws InterruptedException {
        List<byte[]> got = new ArrayList<>();
        await(count + " messages", () -> {
            link.poll(m -> {
                byte[] b = new byte[m.remaining()];
                m.get(b);
                got.add(b);
            }, 10);
            return got.size() >= count;
        });
        return got;
    }

    @Test
    void messagesOfAnyLengthArriveWholeAndInOrderBothWays() throws Exception {
        transport = new AeronBufferTransport(dir.resolve("aeron").toString(), true);
        MessageLink core = transport.link(CHANNEL, 11, 12);
        MessageLink app = transport.link(CHANNEL, 12, 11);
        await("connected", () -> core.connected() && app.connected());

        byte[] image = new byte[1280 * 960 * 3];
        new Random(7).nextBytes(image);
        byte[] small = {1, 2, 3};
        ByteBuffer direct = ByteBuffer.allocateDirect(5).put(new byte[] {9, 8, 7, 6, 5}).flip();
        assertTrue(core.send(ByteBuffer.wrap(small)));
        assertTrue(core.send(ByteBuffer.wrap(image)));
        assertTrue(core.send(direct));
        List<byte[]> got = receive(app, 3);
        assertEquals(3, got.size());
        assertArrayEquals(small, got.get(0));
        assertArrayEquals(image, got.get(1));
        assertArrayEquals(new byte[] {9, 8, 7, 6, 5}, got.get(2));

        ByteBuffer slice = ByteBuffer.wrap(new byte[] {0, 0, 42, 43, 0});
        slice.position(2).limit(4);
        assertTrue(app.send(slice));
        assertArrayEquals(new byte[] {42, 43}, receive(core, 1).get(0));

        assertEquals(4 * 1024 * 1024, core.maxMessageLength());
        TransportException tooLong = assertThrows(TransportException.class,
                () -> core.send(ByteBuffer.allocate(core.maxMessageLength() + 1)));
        assertTrue(tooLong.getMessage().contains("longer than"), tooLong.getMessage());

        app.close();
        await("the other side gone", () -> !core.connected());
        core.close();
    }
}
