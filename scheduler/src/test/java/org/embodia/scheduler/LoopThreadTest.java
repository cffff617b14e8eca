package org.embodia.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;

class LoopThreadTest {

    @Test
    void aWakeEndsThePassesParkAndStopWaitsForThePassUnderWay() throws Exception {
        AtomicInteger passes = new AtomicInteger();
        CountDownLatch first = new CountDownLatch(1);
        CountDownLatch second = new CountDownLatch(2);
        AtomicInteger finishedAfterStop = new AtomicInteger();
        LoopThread[] loop = new LoopThread[1];
        loop[0] = new LoopThread("test loop", () -> {
            passes.incrementAndGet();
            first.countDown();
            second.countDown();
            // Parks far longer than the test waits: only wake() or stop() ends it.
            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(60));
            if (!loop[0].running()) {
                finishedAfterStop.incrementAndGet();
            }
        });
        assertTrue(loop[0].running());
        loop[0].start();
        assertTrue(first.await(60, TimeUnit.SECONDS), "the first pass");
        assertEquals(1, passes.get(), "one pass, parked");
        loop[0].wake();
        assertTrue(second.await(60, TimeUnit.SECONDS), "woken, it ran the next pass");

        loop[0].stop();

        assertFalse(loop[0].running());
        assertEquals(1, finishedAfterStop.get(), "stop returned after the pass under way ended");
        assertEquals(2, passes.get(), "and no pass after it");
    }

    @Test
    void anInterruptDoesNotCutTheWaitShortAndIsKeptForTheCaller() throws Exception {
        CountDownLatch inPass = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        AtomicInteger ended = new AtomicInteger();
        LoopThread[] loop = new LoopThread[1];
        loop[0] = new LoopThread("slow loop", () -> {
            inPass.countDown();
            // A pass that ends only after the caller, waiting in stop(), was interrupted.
            try {
                interrupted.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!loop[0].running()) {
                ended.incrementAndGet();
            }
        });
        loop[0].start();
        assertTrue(inPass.await(60, TimeUnit.SECONDS));
        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (caller.getState() != Thread.State.WAITING && caller.getState() != Thread.State.TIMED_WAITING
                    && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
            caller.interrupt();
            interrupted.countDown();
        });
        interrupter.start();

        loop[0].stop();

        assertTrue(Thread.interrupted(), "the interrupt is the caller's still");
        assertEquals(1, ended.get(), "stop waited for the pass to end");
        interrupter.join();
    }

    @Test
    void stoppingFromItsOwnPassReturnsAndEndsTheLoop() throws Exception {
        AtomicInteger passes = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(1);
        LoopThread[] loop = new LoopThread[1];
        loop[0] = new LoopThread("self-stopping loop", () -> {
            passes.incrementAndGet();
            loop[0].stop();
            done.countDown();
        });
        loop[0].start();

        assertTrue(done.await(60, TimeUnit.SECONDS), "stop from its own pass did not wait for itself");
        Thread.sleep(20);
        assertEquals(1, passes.get());
        assertFalse(loop[0].running());
    }
}
