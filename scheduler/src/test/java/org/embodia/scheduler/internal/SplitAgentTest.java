package org.embodia.scheduler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.buffer.WireMessage;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.fsm.engine.FsmCatalog;
import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.embodia.testing.Allocations;
import org.embodia.transport.aeron.internal.AeronBufferTransport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Constants;

/**
 * An agent split across two hosts over the real Aeron transport (both in this JVM, each with its own client of one
 * media driver): the leader's cycle runs the other host's pass in its order, so what a subsystem there computes from
 * this cycle's data is read back in the same cycle; a host that goes away costs its passes, not the leader's cycles.
 */
class SplitAgentTest {
    /** src (main) -> top (cs) -> sink (main), in one cycle. */
    private static final String IN_CYCLE = "rt 200Hz: t/a.src/ve, t/a./cs, t/a.sink/ve";
    /** top (cs) ends the cycle: its answer is awaited at the start of the next, where sink reads it before src sends again. */
    private static final String ENDS_CYCLE = "rt 200Hz: t/a.sink/ve, t/a.src/ve, t/a./cs";

    private static Map<String, Object> config(String activity) {
        return Map.of("name", "split", "activities", List.of(activity),
                "connections", List.of("t/a.src/ve:status -> t/a./cs:status", "t/a./cs:command -> t/a.sink/ve:command"),
                "hosts", List.of("cs: t/a./cs"), "priority", 0);
    }

    private static final long GENEROUS_NANOS = 60_000_000_000L;

    @TempDir
    Path dir;
    private AeronBufferTransport driver;
    private AeronBufferTransport csClient;
    private AgentRuntime leader;
    private AgentRuntime follower;

    /** A counter's value: a message with a fixed-size encoding. */
    public static final class Count implements WireMessage<Count> {
        long value;

        @Override
        public int wireSize() {
            return 8;
        }

        @Override
        public void write(ByteBuffer out) {
            out.putLong(value);
        }

        @Override
        public void read(ByteBuffer in) {
            value = in.getLong();
        }

        @Override
        public void copyFrom(Count source) {
            value = source.value;
        }
    }

    /** Sends 1, 2, 3... one a cycle. */
    static final class Source implements Subsystem {
        final OutputBuffer<Count> status = new OutputBuffer<>("status", Count.class, Count::new);
        volatile long sent;

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("t/a.src/ve");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return List.of();
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.of(status);
        }

        @Override
        public void step() {
            status.message().value = sent + 1;
            status.send();
            sent++;
        }
    }

    /** The other host's subsystem: answers a new status with the status plus 1000, and nothing without one. */
    static final class Top implements Subsystem {
        final InputBuffer<Count> status = new InputBuffer<>("status", Count.class, Count::new);
        final OutputBuffer<Count> command = new OutputBuffer<>("command", Count.class, Count::new);

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("t/a./cs");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return List.of(status);
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.of(command);
        }

        @Override
        public void step() {
            if (status.isNew()) {
                command.message().value = status.get().value + 1000;
                command.send();
            }
        }
    }

    /** Checks, each cycle, whether the command it got answers the status this cycle's source sent. */
    static final class Sink implements Subsystem {
        final InputBuffer<Count> command = new InputBuffer<>("command", Count.class, Count::new);
        private final Source source;
        final AtomicLong sameCycle = new AtomicLong();
        final AtomicLong stale = new AtomicLong();
        final AtomicLong oldData = new AtomicLong();

        Sink(Source source) {
            this.source = source;
        }

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("t/a.sink/ve");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return List.of(command);
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.of();
        }

        @Override
        public void step() {
            if (command.freshness() == Freshness.NEW_DATA) {
                (command.get().value == source.sent + 1000 ? sameCycle : stale).incrementAndGet();
            } else if (command.freshness() == Freshness.OLD_DATA) {
                oldData.incrementAndGet();
            }
        }
    }

    static final FsmCatalog NO_FSMS = new FsmCatalog() {
        @Override
        public Map<String, FsmDefinition> definitions() {
            return Map.of();
        }

        @Override
        public Optional<FsmDefinition> definition(String name) {
            return Optional.empty();
        }

        @Override
        public Map<String, StateMachineDefinition> stateMachines() {
            return Map.of();
        }

        @Override
        public Optional<StateMachineDefinition> stateMachine(String name) {
            return Optional.empty();
        }

        @Override
        public List<org.embodia.fsm.engine.Problem> problems() {
            return List.of();
        }
    };

    private static Map<String, Object> service(long id) {
        Map<String, Object> p = new HashMap<>();
        p.put(Constants.SERVICE_ID, id);
        return p;
    }

    private static AgentRuntime agent(String activity, String host, AeronBufferTransport transport, Subsystem... subsystems) {
        return agent(config(activity), host, transport, subsystems);
    }

    /** Host {@code host}'s agent of {@code config}, on {@code transport}, with {@code subsystems}, activated. */
    static AgentRuntime agent(Map<String, Object> config, String host, AeronBufferTransport transport, Subsystem... subsystems) {
        AgentRuntime a = new AgentRuntime(NO_FSMS, config, host);
        a.setTransport(transport);
        long id = host.equals("main") ? 100 : 200;
        for (Subsystem s : subsystems) {
            a.addSubsystem(s, service(id++));
        }
        a.activate();
        return a;
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + GENEROUS_NANOS;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "not within 60 s: " + what);
            Thread.sleep(5);
        }
    }

    @AfterEach
    void stop() {
        if (follower != null) {
            follower.deactivate();
        }
        if (leader != null) {
            leader.deactivate();
        }
        if (csClient != null) {
            csClient.close();
        }
        if (driver != null) {
            driver.close();
        }
    }

    /**
     * In the cycle's order: a host in the middle of the cycle is awaited there; one that ends it is asked at the end and
     * awaited at the start of the next cycle, before anything else runs, so its answer reaches its readers as it would
     * have at the end.
     */
    @ParameterizedTest
    @ValueSource(strings = {IN_CYCLE, ENDS_CYCLE})
    void theOtherHostsPassRunsInTheLeadersOrderAndItsAnswerIsReadBeforeAnythingAfterIt(String activity) throws InterruptedException {
        String aeron = dir.resolve("aeron").toString();
        driver = new AeronBufferTransport(aeron, true);
        csClient = new AeronBufferTransport(aeron, false);
        Source src = new Source();
        Sink sink = new Sink(src);
        leader = agent(activity, "main", driver, src, sink);
        follower = agent(activity, "cs", csClient, new Top());
        assertEquals(Agent.Status.RUNNING, leader.status(), String.join("; ", leader.problems()));
        assertEquals(Agent.Status.RUNNING, follower.status(), String.join("; ", follower.problems()));

        await("100 cycles whose command answers the same cycle's status", () -> sink.sameCycle.get() >= 100);
        assertEquals(0, sink.stale.get(), "a reader took an earlier cycle's answer as new data");
        SubsystemDiagnostics top = leader.subsystems().stream().filter(d -> d.name().equals("t/a./cs")).findFirst().orElseThrow();
        assertTrue(top.present() && top.iterations() >= 100, top.toString());
        assertTrue(top.activity().contains("host cs"), top.activity());
        SubsystemDiagnostics seen = follower.subsystems().stream().filter(d -> d.name().equals("t/a.src/ve")).findFirst().orElseThrow();
        assertTrue(seen.present(), "the follower hears of the leader's subsystems: " + seen);
        // On one machine the other host says when, after the leader's cycle began, it took each request and answered.
        ActivityDiagnostics answering = follower.activities().get(0);
        assertTrue(answering.wakeLatency().count() >= 100, answering.toString());
        assertTrue(answering.sleepLatency().count() >= 100 && answering.sleepLatency().p50() >= answering.wakeLatency().p50(), answering.toString());

        // The other host goes away: the leader's cycles go on, its readers keep old data, its passes are missed.
        follower.deactivate();
        follower = null;
        csClient.close();
        csClient = null;
        long cycles = leader.activities().get(0).cycles();
        long old = sink.oldData.get();
        await("the leader cycles on with old data", () -> leader.activities().get(0).cycles() > cycles + 100 && sink.oldData.get() > old + 50);
        SubsystemDiagnostics gone = leader.subsystems().stream().filter(d -> d.name().equals("t/a./cs")).findFirst().orElseThrow();
        assertTrue(gone.failures() > 0 && gone.lastFailure().contains("missed"), gone.toString());
        assertTrue(gone.lastFailure().contains(activity.equals(ENDS_CYCLE) ? "the start of the next cycle" : "us into the cycle"), gone.lastFailure());

        // It comes back: the same cycle's answers again.
        csClient = new AeronBufferTransport(aeron, false);
        follower = agent(activity, "cs", csClient, new Top());
        long before = sink.sameCycle.get();
        await("answers in the same cycle again", () -> sink.sameCycle.get() >= before + 100);
        assertTrue(follower.activities().get(0).missedPasses() >= gone.failures(), "the other host reports the passes the leader missed: "
                + follower.activities().get(0));
        assertTrue(leader.activities().get(0).missedPasses() >= gone.failures(), leader.activities().get(0).toString());
        assertEquals(0, sink.stale.get(), "a reader took an earlier cycle's answer as new data");
    }

    /** The transport's bundle stops under the leader: the other host's steps leave the plan, and come back with it. */
    @Test
    void withoutItsTransportTheLeaderCyclesOnAndTheOtherHostIsBackWithIt() throws InterruptedException {
        String aeron = dir.resolve("aeron").toString();
        driver = new AeronBufferTransport(aeron, true);
        csClient = new AeronBufferTransport(aeron, false);
        Source src = new Source();
        Sink sink = new Sink(src);
        leader = agent(IN_CYCLE, "main", driver, src, sink);
        follower = agent(IN_CYCLE, "cs", csClient, new Top());
        await("answers in the same cycle", () -> sink.sameCycle.get() >= 50);
        leader.unsetTransport(driver);
        long cycles = leader.activities().get(0).cycles();
        long old = sink.oldData.get();
        await("the leader cycles on with old data", () -> leader.activities().get(0).cycles() > cycles + 50 && sink.oldData.get() > old + 50);
        // Any service change rebuilds the plan; without a transport it must still leave the other host out.
        leader.addSubsystem(src, service(150));
        leader.setTransport(driver);
        long before = sink.sameCycle.get();
        await("answers in the same cycle again", () -> sink.sameCycle.get() >= before + 50);
        assertEquals(0, sink.stale.get(), "a reader took an earlier cycle's answer as new data");
    }

    @ParameterizedTest
    @ValueSource(strings = {IN_CYCLE, ENDS_CYCLE})
    void neitherHostsThreadAllocatesOrBlocksPerCycle(String activity) throws InterruptedException {
        String aeron = dir.resolve("aeron").toString();
        driver = new AeronBufferTransport(aeron, true);
        csClient = new AeronBufferTransport(aeron, false);
        Source src = new Source();
        Sink sink = new Sink(src);
        leader = agent(activity, "main", driver, src, sink);
        follower = agent(activity, "cs", csClient, new Top());
        // Warm-up counted in answered cycles (the JIT compiles both sides), then rounds until one is clean or 60 s
        // passed: a late compilation is waited for, a per-cycle allocation shows in every round.
        await("2,000 answered cycles", () -> sink.sameCycle.get() >= 2000);
        assertNeitherAllocatesNorBlocks(leader, follower);
        assertEquals(0, sink.stale.get());
    }

    /**
     * Each host's activity thread, in rounds of its cycles until one is clean or 60 s passed (a late compilation is
     * waited for, a per-cycle allocation shows in every round), allocates nothing and never blocks on a monitor.
     */
    static void assertNeitherAllocatesNorBlocks(AgentRuntime... hosts) throws InterruptedException {
        for (AgentRuntime host : hosts) {
            Thread thread = ((ThreadedActivity) host.running().get(0)).thread();
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long blockedBefore = threads.getThreadInfo(thread.getId()).getBlockedCount();
            long deadline = System.nanoTime() + GENEROUS_NANOS;
            long least = Long.MAX_VALUE;
            do {
                least = Math.min(least, Allocations.leastOfTenRounds(thread, Duration.ofMillis(300)));
            } while (least > 0 && System.nanoTime() < deadline);
            assertEquals(0, least, "bytes " + thread.getName() + " allocated in a round of cycles");
            assertEquals(0, threads.getThreadInfo(thread.getId()).getBlockedCount() - blockedBefore, thread.getName() + " blocked on a monitor");
        }
    }
}
