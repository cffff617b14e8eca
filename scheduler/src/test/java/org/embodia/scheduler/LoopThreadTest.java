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
        CountDownLatch second = new CountDownLatch(2);
        AtomicInteger finishedAfterStop = new AtomicInteger();
        LoopThread[] loop = new LoopThread[1];
        loop[0] = new LoopThread("test loop", () -> {
            passes.incrementAndGet();
            second.countDown();
            // Parks far longer than the test waits: only wake() or stop() ends it.
            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(60));
            if (!loop[0].running()) {
                finishedAfterStop.incrementAndGet();
            }
        });
        assertTrue(loop[0].running());
        loop[0].start();
        Thread.sleep(20);
        assertEquals(1, passes.get(), "one pass, parked");
        loop[0].wake();
        assertTrue(second.await(5, TimeUnit.SECONDS), "woken, it ran the next pass");

        loop[0].stop();

        assertFalse(loop[0].running());
        assertEquals(1, finishedAfterStop.get(), "stop returned after the pass under way ended");
        assertEquals(2, passes.get(), "and no pass after it");
    }

    @Test
    void anInterruptDoesNotCutTheWaitShortAndIsKeptForTheCaller() throws Exception {
        CountDownLatch inPass = new CountDownLatch(1);
        AtomicInteger ended = new AtomicInteger();
        LoopThread[] loop = new LoopThread[1];
        loop[0] = new LoopThread("slow loop", () -> {
            inPass.countDown();
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
            // Busy until then, ignoring unparks: a pass that takes its time to finish.
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            if (!loop[0].running()) {
                ended.incrementAndGet();
            }
        });
        loop[0].start();
        assertTrue(inPass.await(5, TimeUnit.SECONDS));
        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            caller.interrupt();
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

        assertTrue(done.await(5, TimeUnit.SECONDS), "stop from its own pass did not wait for itself");
        Thread.sleep(20);
        assertEquals(1, passes.get());
        assertFalse(loop[0].running());
    }
}
