package org.embodia.api.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

class BufferTest {

    private final OutputBuffer<Pose> out = new OutputBuffer<>("status", Pose.class, Pose::new);
    private final InputBuffer<Pose> in = new InputBuffer<>("status", Pose.class, Pose::new);

    @Test
    void noDataThenNewDataThenOldData() {
        out.connect(in);
        assertEquals(Freshness.NO_DATA, in.receive());
        assertFalse(in.hasData());

        out.message().set(7);
        out.send();
        assertEquals(Freshness.NEW_DATA, in.receive());
        assertTrue(in.isNew());
        assertEquals(7, in.get().a);

        // an iteration in which the writer sends nothing is the spec's dash: the reader keeps the old message
        assertEquals(Freshness.OLD_DATA, in.receive());
        assertFalse(in.isNew());
        assertEquals(7, in.get().a);
    }

    @Test
    void freshnessIsFixedForTheWholeIteration() {
        out.connect(in);
        out.message().set(1);
        out.send();
        in.receive();
        out.message().set(2);
        out.send();
        assertEquals(1, in.get().a, "a message sent during the reader's iteration waits for its next receive");
        assertTrue(in.isNew());
        assertEquals(Freshness.NEW_DATA, in.receive());
        assertEquals(2, in.get().a);
    }

    @Test
    void theNewestMessageWinsWhenSeveralArriveBetweenReads() {
        out.connect(in);
        for (int i = 1; i <= 5; i++) {
            out.message().set(i);
            out.send();
        }
        assertEquals(Freshness.NEW_DATA, in.receive());
        assertEquals(5, in.get().a);
        assertEquals(Freshness.OLD_DATA, in.receive());
    }

    @Test
    void aStampedBufferTellsWhenItsMessageWasSent() {
        InputBuffer<Pose> stamped = new InputBuffer<>("status", Pose.class, Pose::new, true);
        out.connect(in);
        out.connect(stamped);
        assertEquals(0, stamped.sentNanos(), "no message yet");
        long before = System.nanoTime();
        out.message().set(1);
        out.send();
        long after = System.nanoTime();
        stamped.receive();
        in.receive();
        assertTrue(stamped.sentNanos() >= before && stamped.sentNanos() <= after, "stamped between the calls around send");
        long first = stamped.sentNanos();
        assertEquals(first, stamped.sentNanos(), "the stamp stays with the iteration's message");
        out.send();
        stamped.receive();
        assertTrue(stamped.sentNanos() >= after, "the next message carries its own stamp");
        assertEquals(0, in.sentNanos(), "an unstamped buffer records nothing");
    }

    @Test
    void messagesAreCopiedNotShared() {
        out.connect(in);
        Pose source = new Pose();
        source.set(3);
        out.write(source);
        source.set(4);
        out.message().set(5);
        in.receive();
        assertEquals(3, in.get().a);
        assertEquals(1, out.sentCount());
    }

    @Test
    void anInputHasExactlyOneWriter() {
        out.connect(in);
        OutputBuffer<Pose> other = new OutputBuffer<>("other", Pose.class, Pose::new);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> other.connect(in));
        assertTrue(e.getMessage().contains("already has a writer, 'status'"), e.getMessage());
        assertSame(out, in.writer());

        out.disconnect(in);
        other.connect(in);
        assertSame(other, in.writer());
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void typesMustMatch() {
        InputBuffer wrong = new InputBuffer<>("x", Other.class, Other::new);
        assertThrows(IllegalArgumentException.class, () -> out.connect(wrong));
    }

    @Test
    void oneWriterFansOutToSeveralReaders() {
        InputBuffer<Pose> second = new InputBuffer<>("status2", Pose.class, Pose::new);
        out.connect(in);
        out.connect(second);
        out.message().set(9);
        out.send();
        assertEquals(Freshness.NEW_DATA, in.receive());
        assertEquals(Freshness.NEW_DATA, second.receive());
        assertEquals(9, second.get().a);
    }

    @Test
    void aReaderInAnotherThreadNeverSeesAHalfWrittenMessage() throws InterruptedException {
        out.connect(in);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong written = new AtomicLong();
        Thread writer = new Thread(() -> {
            long v = 0;
            while (!stop.get()) {
                out.message().set(++v);
                out.send();
                written.set(v);
            }
        });
        writer.start();
        long reads = 0;
        long newReads = 0;
        long last = 0;
        long deadline = System.nanoTime() + 500_000_000L;
        try {
            while (System.nanoTime() < deadline || newReads < 1000) {
                if (in.receive() == Freshness.NEW_DATA) {
                    newReads++;
                    Pose p = in.get();
                    assertTrue(p.consistent(), "torn message " + p.a + "/" + p.b + "/" + p.c);
                    assertTrue(p.a > last, "messages arrive in order");
                    last = p.a;
                }
                reads++;
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        assertTrue(newReads > 0 && reads >= newReads && written.get() >= last);
    }

    @Test
    void sendingAndReceivingAllocateNothing() {
        out.connect(in);
        long[] sum = {0};
        exchange(100_000);
        assertEquals(0, Allocations.leastOfTenRounds(1, () -> sum[0] += exchange(100_000)), "bytes allocated by 100k send/receive pairs");
        assertTrue(sum[0] > 0);
    }

    private long exchange(int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            out.message().set(i);
            out.send();
            if (in.receive() == Freshness.NEW_DATA) {
                sum += in.get().a;
            }
        }
        return sum;
    }

    static final class Other implements Message<Other> {
        @Override
        public void copyFrom(Other source) {
        }
    }
}
