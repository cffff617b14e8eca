package org.embodia.scheduler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.scheduler.ActivityHistograms;
import org.embodia.scheduler.AgentLayout;
import org.embodia.scheduler.BufferWatch;
import org.embodia.scheduler.Distribution;
import org.embodia.scheduler.internal.LoopTest.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Constants;

/** What a view reads of a running agent: its layout, its histograms and a buffer's messages through a watch. */
class AgentViewTest {
    private static final Map<String, Object> CONFIG = Map.of("name", "core", "activities", List.of("rt 500Hz: t/a.w/rr, t/a.r/vr"),
            "connections", List.of("t/a.w/rr:out -> t/a.r/vr:in"), "priority", 0);
    private AgentRuntime agent;

    /** Sends first, then counts up by one each cycle. */
    private static Subsystem writer(long first) {
        OutputBuffer<Value> out = new OutputBuffer<>("out", Value.class, Value::new);
        out.message().v = first;
        return new Subsystem() {
            @Override
            public SubsystemName name() {
                return SubsystemName.parse("t/a.w/rr");
            }

            @Override
            public List<InputBuffer<?>> inputs() {
                return List.of();
            }

            @Override
            public List<OutputBuffer<?>> outputs() {
                return List.of(out);
            }

            @Override
            public void step() {
                out.send();
                out.message().v++;
            }
        };
    }

    private static Subsystem reader() {
        InputBuffer<Value> in = new InputBuffer<>("in", Value.class, Value::new);
        return new Subsystem() {
            @Override
            public SubsystemName name() {
                return SubsystemName.parse("t/a.r/vr");
            }

            @Override
            public List<InputBuffer<?>> inputs() {
                return List.of(in);
            }

            @Override
            public List<OutputBuffer<?>> outputs() {
                return List.of();
            }
        };
    }

    private static Map<String, Object> service(long id) {
        Map<String, Object> p = new HashMap<>();
        p.put(Constants.SERVICE_ID, id);
        return p;
    }

    @AfterEach
    void stop() {
        agent.deactivate();
    }

    private Subsystem start() throws InterruptedException {
        agent = new AgentRuntime(SplitAgentTest.NO_FSMS, CONFIG, "main");
        Subsystem w = writer(1);
        agent.addSubsystem(w, service(1));
        agent.addSubsystem(reader(), service(2));
        agent.activate();
        SplitAgentTest.await("cycles", () -> !agent.activities().isEmpty() && agent.activities().get(0).cycles() > 50);
        return w;
    }

    @Test
    void theLayoutIsTheConfigurationWithTheSubsystemsBuffers() throws InterruptedException {
        start();
        AgentLayout layout = agent.layout();
        assertEquals(List.of(new AgentLayout.Activity("rt", "500.0 Hz", List.of(new AgentLayout.Step("step", "t/a.w/rr", List.of(), "main"),
                new AgentLayout.Step("step", "t/a.r/vr", List.of(), "main")))), layout.activities());
        assertEquals(List.of(new AgentLayout.Connection("t/a.w/rr", "out", "t/a.r/vr", "in")), layout.connections());
        assertEquals(List.of(new AgentLayout.Subsystem("t/a.w/rr", null, List.of(), List.of("out")),
                new AgentLayout.Subsystem("t/a.r/vr", null, List.of("in"), List.of())), layout.subsystems());
    }

    @Test
    void theHistogramsHoldWhatThePercentilesSay() throws InterruptedException {
        start();
        agent.pause();
        SplitAgentTest.await("paused", () -> agent.status() == org.embodia.scheduler.Agent.Status.PAUSED);
        ActivityHistograms h = agent.histograms("rt");
        long cycles = agent.activities().get(0).period().count();
        Distribution period = h.period();
        assertEquals(cycles, Arrays.stream(period.counts()).sum(), "every period in one bucket");
        for (int i = 1; i < period.upperMicros().length; i++) {
            assertEquals(2 * period.upperMicros()[i - 1] + 0.001, period.upperMicros()[i], 0.01, "bounds doubling");
        }
        double p50 = agent.activities().get(0).period().p50();
        int bucket = 0;
        long below = 0;
        while (below + period.counts()[bucket] < cycles / 2.0) {
            below += period.counts()[bucket++];
        }
        assertTrue(p50 <= period.upperMicros()[bucket] + 1 && (bucket == 0 || p50 >= period.upperMicros()[bucket - 1] - 1),
                "the median " + p50 + " µs falls in bucket " + bucket + " of " + Arrays.toString(period.upperMicros()));
        assertThrows(IllegalArgumentException.class, () -> agent.histograms("other"));
    }

    @Test
    void aWatchReadsTheBufferAndFollowsASwappedWriter() throws InterruptedException {
        Subsystem first = start();
        try (BufferWatch watch = agent.watch("t/a.r/vr", "in")) {
            SplitAgentTest.await("a message", () -> watch.latest() != null);
            long seen = ((Value) watch.latest()).v;
            SplitAgentTest.await("newer messages", () -> ((Value) watch.latest()).v > seen + 10);
            assertTrue(watch.received() > 1);
            long before = System.nanoTime();
            watch.latest();
            SplitAgentTest.await("a message sent after now", () -> {
                watch.latest();
                return watch.sentNanos() > before;
            });
            assertTrue(watch.sentNanos() <= System.nanoTime(), "a message is not sent in the future");

            agent.removeSubsystem(first, service(1));
            agent.addSubsystem(writer(1_000_000), service(3));
            SplitAgentTest.await("the new writer's messages", () -> watch.latest() instanceof Value v && v.v >= 1_000_000);
            watch.close();
            assertThrows(IllegalStateException.class, watch::latest);
        }
        assertThrows(IllegalArgumentException.class, () -> agent.watch("t/a.x/vr", "in"));
        IllegalArgumentException noBuffer = assertThrows(IllegalArgumentException.class, () -> agent.watch("t/a.r/vr", "status"));
        assertEquals("subsystem t/a.r/vr has no buffer 'status' (inputs: in; outputs: )", noBuffer.getMessage());
    }
}
