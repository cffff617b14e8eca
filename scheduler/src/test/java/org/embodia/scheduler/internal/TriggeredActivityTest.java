package org.embodia.scheduler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.embodia.api.agent.CycleTrigger;
import org.embodia.api.agent.Hardware;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.scheduler.Percentiles;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

/** An activity whose cycles a device's data starts, with read and write passes around the rest of the cycle. */
class TriggeredActivityTest {
    private static final long PATIENCE_NANOS = 60_000_000_000L;

    /**
     * A device that "sends" when the test calls {@link #send()}, numbering its data as FRI does; records its calls while
     * {@link #log} is set.
     */
    static final class Device implements Hardware, CycleTrigger {
        final AtomicLong sent = new AtomicLong();
        long read;
        /** The data a read found replaced by a later one: the gaps in their numbers. */
        volatile long notTaken;
        volatile List<String> log;
        private volatile Thread waiter;
        /** What {@link #lastLookWithoutDataNanos} says, relative to the wait's return: how long ago the last look was. */
        volatile long lookedAgoNanos = -1;
        private long lastLook = Long.MIN_VALUE;

        void send() {
            sent.incrementAndGet();
            LockSupport.unpark(waiter);
        }

        @Override
        public boolean awaitData(long deadlineNanos) {
            waiter = Thread.currentThread();
            long left;
            while (sent.get() == read) {
                if ((left = deadlineNanos - System.nanoTime()) <= 0) {
                    return false;
                }
                LockSupport.parkNanos(left);
            }
            lastLook = lookedAgoNanos < 0 ? Long.MIN_VALUE : System.nanoTime() - lookedAgoNanos;
            return true;
        }

        @Override
        public long lastLookWithoutDataNanos() {
            return lastLook;
        }

        @Override
        public void read() {
            long newest = sent.get();
            if (newest > read + 1) {
                notTaken += newest - read - 1;
            }
            read = newest;
            record("read");
        }

        @Override
        public long dataNotTaken() {
            return notTaken;
        }

        @Override
        public void write() {
            record("write");
        }

        void record(String what) {
            List<String> l = log;
            if (l != null) {
                l.add(what);
            }
        }

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("t/a.dev/re");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return List.of();
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.of();
        }
    }

    /** A subsystem run between the device's passes. */
    static final class Controller implements org.embodia.api.agent.Subsystem {
        final Device device;

        Controller(Device device) {
            this.device = device;
        }

        @Override
        public void step() {
            device.record("control");
        }

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("t/a./cs");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return List.of();
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.of();
        }
    }

    private static ActivityPlan plan(Device device, boolean withTrigger) {
        SubsystemRuntime d = new SubsystemRuntime("t/a.dev/re", device, 1, "rt", null);
        SubsystemRuntime c = new SubsystemRuntime("t/a./cs", new Controller(device), 2, "rt", null);
        InputBuffer<?>[] none = new InputBuffer<?>[0];
        return new ActivityPlan(new ActivityPlan.Step[] {new ActivityPlan.Step(d, none, AgentConfig.Phase.READ),
                new ActivityPlan.Step(c, none), new ActivityPlan.Step(d, none, AgentConfig.Phase.WRITE)}, List.of(),
                withTrigger ? new CycleTrigger[] {device} : new CycleTrigger[0], e -> { });
    }

    private static void waitUntil(BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE_NANOS;
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + ": not within 60 s");
            Thread.sleep(1);
        }
    }

    /** A 1 kHz activity triggered by {@code device}, started, whose cycles begin at most {@code deadlineNanos} apart. */
    private static TriggeredActivity started(Device device, long deadlineNanos) {
        TriggeredActivity a = new TriggeredActivity("rt", "1000.0 Hz, trigger=t/a.dev/re", 1000, deadlineNanos, 1_000_000, 0, -1);
        a.publish(plan(device, true), 1);
        a.start();
        return a;
    }

    /** The device sends its datum number {@code n}; returns once the activity has run the cycle it began. */
    private static void sendAndAwaitCycle(Device device, TriggeredActivity a, long n) throws InterruptedException {
        device.send();
        waitUntil(() -> a.cycles == n, "the cycle of datum " + n);
    }

    @Test
    void eachCycleBeginsWithTheDevicesDataNotWithTheTimer() throws Exception {
        Device device = new Device();
        // A deadline of a minute: every cycle in this test is one the data started.
        TriggeredActivity a = started(device, 60_000_000_000L);
        try {
            Thread.sleep(50);
            assertEquals(0, a.cycles, "no data, no cycle: 50 periods of the nominal rate passed");
            for (int i = 1; i <= 20; i++) {
                sendAndAwaitCycle(device, a, i);
            }
            assertEquals(0, a.missedTriggers());
            device.log = new ArrayList<>();
            device.send();
            waitUntil(() -> a.cycles == 21, "one more cycle");
            assertEquals(List.of("read", "control", "write"), device.log, "the device read before and written after the rest");
        } finally {
            a.stop();
        }
    }

    /** Two devices that send in the same tick: a cycle begins once both have sent, whichever comes first. */
    @Test
    void withTwoTriggersACycleWaitsForBoth() throws Exception {
        Device first = new Device();
        Device second = new Device();
        InputBuffer<?>[] none = new InputBuffer<?>[0];
        ActivityPlan plan = new ActivityPlan(new ActivityPlan.Step[] {
                new ActivityPlan.Step(new SubsystemRuntime("t/a.dev/re", first, 1, "rt", null), none, AgentConfig.Phase.READ),
                new ActivityPlan.Step(new SubsystemRuntime("t/a.dev2/re", second, 2, "rt", null), none, AgentConfig.Phase.READ)}, List.of(),
                new CycleTrigger[] {first, second}, e -> { });
        TriggeredActivity a = new TriggeredActivity("rt", "1000.0 Hz, trigger=t/a.dev/re,t/a.dev2/re", 1000, 60_000_000_000L, 1_000_000, 0, -1);
        a.publish(plan, 1);
        a.start();
        try {
            first.send();
            Thread.sleep(50);
            assertEquals(0, a.cycles, "one of two devices sent: no cycle");
            second.send();
            waitUntil(() -> a.cycles == 1, "the cycle once both sent");
            second.send();
            Thread.sleep(50);
            assertEquals(1, a.cycles, "the second sent again, the first not yet: no cycle");
            first.send();
            waitUntil(() -> a.cycles == 2, "the next cycle");
            assertEquals(0, a.missedTriggers());
        } finally {
            a.stop();
        }
    }

    /** A cycle's wake latency runs from the devices' last look without data; a cycle whose data was there waited for nothing. */
    @Test
    void theWakeLatencyOfACycleTheDataBeganRunsFromTheLastLookWithoutIt() throws Exception {
        Device device = new Device();
        // A deadline longer than the test's patience: the swap must not wait for it.
        TriggeredActivity a = started(device, 600_000_000_000L);
        try {
            for (int i = 1; i <= 5; i++) {
                sendAndAwaitCycle(device, a, i);
            }
            assertEquals(0, a.diagnostics().wakeLatency().count(), "the data was there at every first look: no cycle waited");
            device.lookedAgoNanos = 7_000_000;
            for (int i = 6; i <= 10; i++) {
                sendAndAwaitCycle(device, a, i);
            }
            Percentiles wake = a.diagnostics().wakeLatency();
            assertEquals(5, wake.count(), "one wake latency per cycle after a look without data");
            assertTrue(wake.p50() >= 7000, "at least the 7 ms since the last look without data: " + wake);
            assertEquals(0, a.missedTriggers());
        } finally {
            a.stop();
        }
    }

    @Test
    void withoutDataACycleBeginsAtItsDeadlineAndWithoutATriggerTheRateKeepsTime() throws Exception {
        Device device = new Device();
        TriggeredActivity a = started(device, 1_500_000);
        try {
            waitUntil(() -> a.missedTriggers() >= 20 && a.cycles >= 20, "cycles at their deadline");
            assertEquals(a.cycles, a.missedTriggers(), "each began without data");
            a.publish(plan(device, false), 2);
            long missed = a.missedTriggers();
            long cycles = a.cycles;
            waitUntil(() -> a.cycles >= cycles + 50, "cycles at the rate without a trigger");
            assertTrue(a.missedTriggers() <= missed + 1, "without a trigger nothing is missed (but the cycle under way at the swap)");
        } finally {
            a.stop();
        }
    }

    /**
     * The hardware swapped for a simulation: the first cycle without a trigger follows the last one the hardware began
     * at the nominal period, not at the hardware's deadline, which would skip the cycles in between.
     */
    @Test
    void aSwapToAPlanWithoutATriggerKeepsTheRateFromTheLastTriggeredCycle() throws Exception {
        Device device = new Device();
        // A deadline longer than the test's patience: the swap must not wait for it.
        TriggeredActivity a = started(device, 600_000_000_000L);
        try {
            for (int i = 1; i <= 5; i++) {
                sendAndAwaitCycle(device, a, i);
            }
            a.publish(plan(device, false), 2);
            // The cycle this datum begins switches to the plan without a trigger.
            device.send();
            waitUntil(() -> a.cycles >= 16, "ten cycles at the nominal rate right after the swap, not after the hardware's deadline");
            assertEquals(0, a.missedTriggers());
        } finally {
            a.stop();
        }
    }

    /**
     * The same when the simulation's plan is published while a cycle the hardware began is under way, after that cycle
     * took its plan: the next cycle runs the new plan at the nominal period, not at the hardware's deadline.
     */
    @Test
    void aSwapPublishedDuringATriggeredCycleKeepsTheRate() throws Exception {
        Device device = new Device();
        ActivityPlan untriggered = plan(device, false);
        AtomicBoolean swapNow = new AtomicBoolean();
        AtomicReference<TriggeredActivity> activity = new AtomicReference<>();
        InputBuffer<?>[] none = new InputBuffer<?>[0];
        org.embodia.api.agent.Subsystem swapper = ActivityHarness.subsystem("t/a./cs", List.of(), List.of(), () -> {
            if (swapNow.getAndSet(false)) {
                activity.get().publish(untriggered, 2);
            }
        });
        ActivityPlan triggered = new ActivityPlan(new ActivityPlan.Step[] {
                new ActivityPlan.Step(new SubsystemRuntime("t/a.dev/re", device, 1, "rt", null), none, AgentConfig.Phase.READ),
                new ActivityPlan.Step(new SubsystemRuntime("t/a./cs", swapper, 2, "rt", null), none)}, List.of(), new CycleTrigger[] {device}, e -> { });
        // A deadline longer than the test's patience: the cycles after the swap must not wait for it.
        TriggeredActivity a = new TriggeredActivity("rt", "1000.0 Hz, trigger=t/a.dev/re", 1000, 600_000_000_000L, 1_000_000, 0, -1);
        activity.set(a);
        a.publish(triggered, 1);
        a.start();
        try {
            for (int i = 1; i <= 5; i++) {
                sendAndAwaitCycle(device, a, i);
            }
            swapNow.set(true);
            device.send();
            waitUntil(() -> a.cycles >= 16, "ten cycles at the nominal rate right after the swap, not after the hardware's deadline");
            assertEquals(2, a.appliedGeneration);
            assertEquals(0, a.missedTriggers());
        } finally {
            a.stop();
        }
    }

    /**
     * Both devices send twice while a cycle is held up: the next cycle takes their newest data, and the tick whose
     * data no cycle took is counted once, not once per device. A plan that takes over with the same devices does not
     * count again what the one before counted.
     */
    @Test
    void aTickWhoseDataNoCycleTookIsCountedOnce() throws Exception {
        Device first = new Device();
        Device second = new Device();
        AtomicBoolean hold = new AtomicBoolean();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        org.embodia.api.agent.Subsystem controller = ActivityHarness.subsystem("t/a./cs", List.of(), List.of(), () -> {
            if (hold.getAndSet(false)) {
                held.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        TriggeredActivity a = new TriggeredActivity("rt", "1000.0 Hz, trigger=t/a.dev/re,t/a.dev2/re", 1000, 600_000_000_000L, 1_000_000, 0, -1);
        a.publish(twoDevices(first, second, controller), 1);
        a.start();
        try {
            sendBothAndAwaitCycle(first, second, a, 1);
            hold.set(true);
            first.send();
            second.send();
            assertTrue(held.await(60, TimeUnit.SECONDS), "the second cycle held");
            for (int i = 0; i < 2; i++) {
                first.send();
                second.send();
            }
            release.countDown();
            waitUntil(() -> a.cycles == 3, "the cycle of the newest data");
            assertEquals(1, first.notTaken, "the first device's third datum, replaced by its fourth");
            assertEquals(1, second.notTaken);
            // The count follows the cycle, on the activity's thread.
            waitUntil(() -> a.diagnostics().skippedTicks() > 0, "the count of the tick without a cycle");
            assertEquals(1, a.diagnostics().skippedTicks(), "one tick without a cycle, whose data both devices sent");
            assertEquals(0, a.missedTriggers());

            a.publish(twoDevices(first, second, controller), 2);
            for (int n = 4; n <= 6; n++) {
                sendBothAndAwaitCycle(first, second, a, n);
            }
            assertEquals(2, a.appliedGeneration);
            assertEquals(1, a.diagnostics().skippedTicks(), "the plan that took over counts from its boundary");
        } finally {
            release.countDown();
            a.stop();
        }
    }

    /** Without a trigger, a cycle late by many periods skips the deadlines it passed and counts them. */
    @Test
    void withoutATriggerTheDeadlinesALateCyclePassedAreSkippedAndCounted() throws Exception {
        Device device = new Device();
        AtomicBoolean hold = new AtomicBoolean();
        org.embodia.api.agent.Subsystem slow = ActivityHarness.subsystem("t/a./cs", List.of(), List.of(), () -> {
            if (hold.getAndSet(false)) {
                LockSupport.parkNanos(50_000_000);
            }
        });
        InputBuffer<?>[] none = new InputBuffer<?>[0];
        ActivityPlan untriggered = new ActivityPlan(new ActivityPlan.Step[] {
                new ActivityPlan.Step(new SubsystemRuntime("t/a.dev/re", device, 1, "rt", null), none, AgentConfig.Phase.READ),
                new ActivityPlan.Step(new SubsystemRuntime("t/a./cs", slow, 2, "rt", null), none)}, List.of(), new CycleTrigger[0], e -> { });
        TriggeredActivity a = new TriggeredActivity("rt", "1000.0 Hz, trigger=t/a.dev/re", 1000, 600_000_000_000L, 1_000_000, 0, -1);
        a.publish(untriggered, 1);
        a.start();
        try {
            waitUntil(() -> a.cycles >= 10, "cycles at the rate");
            long before = a.diagnostics().skippedTicks();
            long cycles = a.cycles;
            hold.set(true);
            waitUntil(() -> a.cycles >= cycles + 10, "cycles after the late one");
            // The held cycle ended at least 50 ms after its deadline: the 49 deadlines after it at least had passed.
            assertTrue(a.diagnostics().skippedTicks() - before >= 49, "deadlines skipped: " + (a.diagnostics().skippedTicks() - before));
        } finally {
            a.stop();
        }
    }

    private static ActivityPlan twoDevices(Device first, Device second, org.embodia.api.agent.Subsystem controller) {
        InputBuffer<?>[] none = new InputBuffer<?>[0];
        return new ActivityPlan(new ActivityPlan.Step[] {
                new ActivityPlan.Step(new SubsystemRuntime("t/a.dev/re", first, 1, "rt", null), none, AgentConfig.Phase.READ),
                new ActivityPlan.Step(new SubsystemRuntime("t/a.dev2/re", second, 2, "rt", null), none, AgentConfig.Phase.READ),
                new ActivityPlan.Step(new SubsystemRuntime("t/a./cs", controller, 3, "rt", null), none)}, List.of(),
                new CycleTrigger[] {first, second}, e -> { });
    }

    private static void sendBothAndAwaitCycle(Device first, Device second, TriggeredActivity a, long n) throws InterruptedException {
        first.send();
        second.send();
        waitUntil(() -> a.cycles == n, "the cycle of data " + n);
    }

    @Test
    void triggeredCyclesAllocateNothing() throws Exception {
        Device device = new Device();
        TriggeredActivity a = new TriggeredActivity("rt", "1000.0 Hz, trigger=t/a.dev/re", 1000, 1_500_000, 1_000_000, 0, -1);
        a.publish(plan(device, true), 1);
        Thread sender = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                device.send();
                LockSupport.parkNanos(1_000_000);
            }
        });
        a.start();
        sender.start();
        try {
            long deadline = System.nanoTime() + PATIENCE_NANOS;
            waitUntil(() -> a.cycles >= 3000, "a warm-up of 3000 cycles");
            long least = Long.MAX_VALUE;
            do {
                least = Math.min(least, Allocations.leastOfTenRounds(a.thread(), Duration.ofMillis(200)));
            } while (least > 0 && System.nanoTime() < deadline);
            assertEquals(0, least, "bytes allocated by the activity's thread in its least round");
        } finally {
            sender.interrupt();
            sender.join();
            a.stop();
        }
    }
}
