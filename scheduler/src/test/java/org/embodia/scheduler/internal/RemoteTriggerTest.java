package org.embodia.scheduler.internal;

import static org.embodia.scheduler.internal.SplitAgentTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.embodia.api.agent.CycleTrigger;
import org.embodia.api.agent.Hardware;
import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.internal.SplitAgentTest.Count;
import org.embodia.transport.aeron.internal.AeronBufferTransport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device on another host triggers the leader's cycle, as velma-hw-split's KRCs do from host effectors: that host
 * answers the passes that end the cycle when the device's data has come, the leader's next cycle starts on the answer,
 * reads the data and writes its answer to the device in the same cycle. Over the real Aeron transport, both hosts in
 * this JVM.
 */
class RemoteTriggerTest {
    @TempDir
    Path dir;
    private Transports transports;
    private AgentRuntime leader;
    private AgentRuntime follower;

    /** The Aeron clients of the two hosts: the leader's with the embedded media driver. */
    private record Transports(AeronBufferTransport main, AeronBufferTransport dev) {
        void close() {
            dev.close();
            main.close();
        }
    }

    /** The device: "sends" when the test calls {@link #send()}; its write checks the command answers what it read. */
    static class Device implements Hardware, CycleTrigger {
        final OutputBuffer<Count> status = new OutputBuffer<>("status", Count.class, Count::new);
        final InputBuffer<Count> command = new InputBuffer<>("command", Count.class, Count::new);
        final AtomicLong sent = new AtomicLong();
        private long read;
        final AtomicLong answered = new AtomicLong();
        /** The last datum a command answered. */
        volatile long lastAnswered;
        final AtomicLong stale = new AtomicLong();
        private volatile Thread waiter;

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
            return true;
        }

        @Override
        public void read() {
            long now = sent.get();
            if (now != read) {
                read = now;
                status.message().value = now;
                status.send();
            }
        }

        @Override
        public void write() {
            if (command.freshness() == Freshness.NEW_DATA) {
                if (command.get().value == read) {
                    lastAnswered = read;
                    answered.incrementAndGet();
                } else {
                    stale.incrementAndGet();
                }
            }
        }

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("t/a.dev/re");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return List.of(command);
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.of(status);
        }
    }

    /** The leader's subsystem: answers each new status with its value; counts cycles without one. */
    static final class Controller implements Subsystem {
        final InputBuffer<Count> status = new InputBuffer<>("status", Count.class, Count::new);
        final OutputBuffer<Count> command = new OutputBuffer<>("command", Count.class, Count::new);
        final AtomicLong withoutData = new AtomicLong();

        @Override
        public void step() {
            if (status.isNew()) {
                command.message().value = status.get().value;
                command.send();
            } else {
                withoutData.incrementAndGet();
            }
        }

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("t/a.ctl/ve");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return List.of(status);
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.of(command);
        }
    }

    private static Map<String, Object> config(String deadline) {
        return Map.of("name", "trig", "activities",
                List.of("rt 200Hz trigger=t/a.dev/re deadline=" + deadline + ": read t/a.dev/re, t/a.ctl/ve, write t/a.dev/re"),
                "connections", List.of("t/a.dev/re:status -> t/a.ctl/ve:status", "t/a.ctl/ve:command -> t/a.dev/re:command"),
                "hosts", List.of("dev: t/a.dev/re"), "priority", 0);
    }

    private static AgentRuntime agent(Map<String, Object> config, String host, AeronBufferTransport transport, Subsystem subsystem) {
        AgentRuntime a = SplitAgentTest.agent(config, host, transport, subsystem);
        assertEquals(Agent.Status.RUNNING, a.status(), String.join("; ", a.problems()));
        return a;
    }

    private void start(String deadline, Hardware device, Controller controller) {
        String aeron = dir.resolve("aeron").toString();
        transports = new Transports(new AeronBufferTransport(aeron, true), new AeronBufferTransport(aeron, false));
        leader = agent(config(deadline), "main", transports.main(), controller);
        follower = agent(config(deadline), "dev", transports.dev(), device);
    }

    /**
     * Sends data until the device has the answer to the last one: while the hosts' links connect, a datum the device has
     * read may not reach the leader, and the device then waits for the next.
     */
    private static void sendUntilAnswered(Device device) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        do {
            assertTrue(System.nanoTime() < deadline, "no datum answered within 60 s");
            device.send();
            long datum = device.sent.get();
            long resend = System.nanoTime() + 1_000_000_000L;
            while (device.lastAnswered != datum && System.nanoTime() < resend) {
                Thread.sleep(1);
            }
        } while (device.lastAnswered != device.sent.get());
    }

    private ActivityDiagnostics leaderCycle() {
        return leader.activities().get(0);
    }

    @AfterEach
    void stop() {
        if (follower != null) {
            follower.deactivate();
        }
        if (leader != null) {
            leader.deactivate();
        }
        if (transports != null) {
            transports.close();
        }
    }

    /**
     * With a trigger deadline of a minute, the leader cycles once per datum of the device, whatever its own
     * period (200 Hz) says, and the device gets the answer to each datum in the cycle that read it.
     */
    @Test
    void eachDatumOfTheOtherHostsDeviceStartsOneCycleThatAnswersIt() throws InterruptedException {
        Device device = new Device();
        Controller controller = new Controller();
        start("60000ms", device, controller);
        // A datum answered, the hosts are linked; the cycle that answered may still be ending.
        sendUntilAnswered(device);
        long cycles = leaderCycle().cycles();
        long missed = leaderCycle().missedTriggers();
        for (int k = 1; k <= 100; k++) {
            device.send();
            long datum = device.sent.get();
            await("datum " + datum + " answered", () -> device.lastAnswered == datum);
        }
        await("100 more cycles", () -> leaderCycle().cycles() >= cycles + 100);
        // On its own 200 Hz period the leader would run some 40 more cycles while the device is silent.
        Thread.sleep(200);
        long ran = leaderCycle().cycles() - cycles;
        assertTrue(ran == 100 || ran == 101, "one cycle per datum, none on the leader's own period: " + ran + " for 100");
        assertEquals(missed, leaderCycle().missedTriggers());
        assertEquals(0, device.stale.get(), "a command answered an earlier datum");
    }

    /** The device falls silent: the leader cycles at the trigger's deadline without its data, and follows it again when it is back. */
    @Test
    void aSilentDeviceCostsItsDataNotTheCycle() throws InterruptedException {
        Device device = new Device();
        Controller controller = new Controller();
        start("20ms", device, controller);
        long missed = leaderCycle().missedTriggers();
        long without = controller.withoutData.get();
        await("cycles at the deadline without data", () -> leaderCycle().missedTriggers() > missed + 10 && controller.withoutData.get() > without + 10);
        for (int k = 0; k < 20; k++) {
            sendUntilAnswered(device);
        }
        assertEquals(0, device.stale.get());
    }

    /** A simulation in place of the device on the other host: the leader keeps its own period, no trigger counted missed. */
    @Test
    void withoutADeviceThereTheLeaderKeepsItsPeriod() throws InterruptedException {
        Device plain = new Device();
        start("1000ms", new PlainHardware(plain), new Controller());
        // Missed until the other host answers: counted from its passes on.
        await("the other host's passes", () -> follower.activities().get(0).cycles() > 20);
        long missed = leaderCycle().missedTriggers();
        long cycles = leaderCycle().cycles();
        await("100 cycles more", () -> leaderCycle().cycles() > cycles + 100);
        assertEquals(missed, leaderCycle().missedTriggers(), "a cycle waited for a trigger there is none of");
        // A slow machine only lengthens periods: shorter ones than nominal would be cycles run back to back.
        assertTrue(leaderCycle().period().p50() > 4_000, "the 200 Hz period: " + leaderCycle().period());
    }

    /** Hardware that is no trigger: a simulation swapped in for the device. */
    private record PlainHardware(Device device) implements Hardware {
        @Override
        public void read() {
            device.read();
        }

        @Override
        public void write() {
            device.write();
        }

        @Override
        public SubsystemName name() {
            return device.name();
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return device.inputs();
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return device.outputs();
        }
    }

    /** The device sends at about 500 Hz: neither host's thread allocates or blocks per cycle. */
    @Test
    void neitherHostsThreadAllocatesOrBlocksWithARemoteTrigger() throws InterruptedException {
        Device device = new Device();
        Controller controller = new Controller();
        start("100ms", device, controller);
        Thread clock = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                device.send();
                LockSupport.parkNanos(2_000_000);
            }
        }, "device clock");
        clock.setDaemon(true);
        clock.start();
        try {
            await("2,000 answered data", () -> device.answered.get() >= 2000);
            SplitAgentTest.assertNeitherAllocatesNorBlocks(leader, follower);
        } finally {
            clock.interrupt();
        }
        assertEquals(0, device.stale.get());
    }
}
