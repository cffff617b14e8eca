package org.embodia.scheduler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.felix.service.command.Descriptor;
import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.ActivityHistograms;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.AgentLayout;
import org.embodia.scheduler.BufferWatch;
import org.embodia.scheduler.AgentSwap;
import org.embodia.scheduler.Percentiles;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.junit.jupiter.api.Test;

/** The agent: commands' text and their help. */
class AgentCommandsTest {
    private static final Percentiles SOME = new Percentiles(10, 1, 2, 3, 4);

    private static Agent agent(String name, List<ActivityDiagnostics> activities) {
        return new Agent() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Status status() {
                return Status.RUNNING;
            }

            @Override
            public List<String> problems() {
                return List.of();
            }

            @Override
            public List<ActivityDiagnostics> activities() {
                return activities;
            }

            @Override
            public List<SubsystemDiagnostics> subsystems() {
                return List.of(new SubsystemDiagnostics("t/a.s/vr", activities.get(0).name(), true, null, null, 10, 0, null, SOME));
            }

            @Override
            public List<StateSwitch> switches(String subsystem) {
                return List.of();
            }

            @Override
            public String lastMessage(String subsystem, String buffer) {
                return "(no data)";
            }

            @Override
            public AgentLayout layout() {
                return new AgentLayout(List.of(), List.of(), List.of());
            }

            @Override
            public ActivityHistograms histograms(String activity) {
                throw new IllegalArgumentException("no activity " + activity);
            }

            @Override
            public BufferWatch watch(String subsystem, String buffer) {
                throw new IllegalArgumentException("no subsystem " + subsystem);
            }

            @Override
            public void pause() {
            }

            @Override
            public void resetDiagnostics() {
            }

            @Override
            public void resume() {
            }

            @Override
            public void step(int cycles) {
            }
        };
    }

    private static AgentCommands commands() {
        AgentCommands c = new AgentCommands(null);
        c.addAgent(agent("rt", List.of(new ActivityDiagnostics("main", "500.0 Hz", 10, 2, 0, false, SOME, SOME, SOME, "SCHED_FIFO 80",
                SOME, 2_000_000, 0, 0, 3))));
        c.addAgent(agent("hw", List.of(new ActivityDiagnostics("rt", "500.0 Hz, trigger=t/a.x/re deadline=10000 us", 10, 0, 0, false, SOME,
                SOME, SOME, "SCHED_FIFO 80", SOME, 2_000_000, 1, 0, 4))));
        c.addAgent(agent("sim", List.of(new ActivityDiagnostics("sim", "clock=nao.sim", 10, 1, 0, false, Histogram.EMPTY, SOME, SOME,
                "runs on the thread of clock nao.sim", Histogram.EMPTY, 10_000_000))));
        c.addAgent(agent("stepped", List.of(new ActivityDiagnostics("sim", "clock=velma.sim", 10, 0, 0, false, Histogram.EMPTY, SOME,
                SOME, "runs on the thread of clock velma.sim", Histogram.EMPTY, 0))));
        return c;
    }

    @Test
    void diagWithoutAnAgentShowsEveryAgent() {
        AgentCommands c = commands();
        String all = c.diag();
        assertEquals(c.diag("rt") + "\n" + c.diag("hw") + "\n" + c.diag("sim") + "\n" + c.diag("stepped"), all);
        assertEquals("no agents", new AgentCommands(null).diag());
    }

    @Test
    void diagSaysWhatItMeasures() {
        AgentCommands c = commands();
        String rt = c.diag("rt");
        assertTrue(rt.contains("activity main (500.0 Hz): 10 cycles, 2 overruns (cycles ended after the next deadline, 2.0 ms apart)"), rt);
        assertTrue(rt.contains("wake latency (deadline to cycle start, after the spin) p50 "), rt);
        assertTrue(rt.contains("sleep latency (wake-up after the time asked, before the spin; cyclictest's figure) p50 "), rt);
        assertTrue(rt.contains("\n  3 deadlines passed without their cycle\n"), rt);
        String hw = c.diag("hw");
        assertTrue(hw.contains("\n  1 cycles began at their deadline without the trigger's data, 4 ticks got no cycle (data no cycle took"), hw);
        String sim = c.diag("sim");
        assertTrue(sim.contains("1 overruns (compute above the clock's period of 10.0 ms)"), sim);
        assertTrue(sim.contains("wake latency not measured"), sim);
        String stepped = c.diag("stepped");
        assertTrue(stepped.contains("overruns not counted (the clock ticks on demand, without a period)"), stepped);
    }

    /**
     * A host that does not lead a split activity: overruns and missed passes as the leader's requests say. Each look
     * finds one overrun more, and the missed passes as they were.
     */
    private static Agent follower(AtomicLong looks, long missed) {
        return agent("split", new AbstractList<>() {
            @Override
            public ActivityDiagnostics get(int index) {
                return new ActivityDiagnostics("rt", "passes asked by main", 100, looks.incrementAndGet(), 0, false, SOME, SOME, SOME,
                        "SCHED_FIFO 80", SOME, 2_000_000, 0, missed);
            }

            @Override
            public int size() {
                return 1;
            }
        });
    }

    @Test
    void aFollowerSaysTheLeadersOverrunsAndMissedPassesApart() {
        AgentCommands c = new AgentCommands(null);
        c.addAgent(follower(new AtomicLong(6), 3));
        String d = c.diag("split");
        assertTrue(d.contains("activity rt (passes asked by main): 100 cycles, 7 overruns and 3 missed passes, as the leading host counts them"), d);
    }

    /** Late cycles whose data all came count for a steady pace, unless only gaps in the data are asked about. */
    @Test
    void steadyCountsOverrunsUnlessAskedForGapsOnly() throws InterruptedException {
        AgentCommands c = new AgentCommands(null);
        AtomicLong looks = new AtomicLong();
        c.addAgent(follower(looks, 3));
        assertTrue(c.steady(true, "split", 0.3, 60).startsWith("split: 0.3 s without a gap in its data, after "));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.steady(false, "split", 0.3, 1));
        assertEquals("split had overruns or gaps in its data within every 0.3 s for 1.0 s", e.getMessage());
        assertTrue(looks.get() > 5, "looked again and again: " + looks);
    }

    /** A cycle begun at its deadline without the trigger's data is a gap, as a missed pass is: ve_body sees no status. */
    @Test
    void aCycleWithoutTheTriggersDataIsAGap() {
        AgentCommands c = new AgentCommands(null);
        AtomicLong looks = new AtomicLong();
        c.addAgent(agent("hw", new AbstractList<>() {
            @Override
            public ActivityDiagnostics get(int index) {
                return new ActivityDiagnostics("rt", "500.0 Hz, trigger=t/a.x/re deadline=10000 us", 100, 0, 0, false, SOME, SOME, SOME,
                        "SCHED_FIFO 80", SOME, 2_000_000, looks.incrementAndGet(), 0);
            }

            @Override
            public int size() {
                return 1;
            }
        }));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.steady(true, "hw", 0.3, 1));
        assertEquals("hw had gaps in its data within every 0.3 s for 1.0 s", e.getMessage());
    }

    /** The command only parses: the swap itself is the service's, tested in a framework (itests-paxexam). */
    @Test
    void swapPassesTheNamedBundlesToTheServiceOrInstallsFromALocation() throws Exception {
        List<String> calls = new ArrayList<>();
        AgentSwap recording = new AgentSwap() {
            @Override
            public Swap swap(List<String> from, List<String> to) {
                calls.add("swap " + from + " " + to);
                return new Swap(from, to, List.of("t/a.y/re", "t/a.x/re"));
            }

            @Override
            public Swap install(List<String> from, String location) {
                calls.add("install " + from + " " + location);
                return new Swap(from, List.of("z.installed"), List.of("t/a.x/re"));
            }
        };
        AgentCommands c = new AgentCommands(recording);
        assertEquals("swapped x,y for z (t/a.x/re, t/a.y/re)", c.swap("x, y", "z"));
        assertEquals("swapped x for z.installed (t/a.x/re)", c.swap("x", "file:z.jar"));
        assertEquals(List.of("swap [x, y] [z]", "install [x] file:z.jar"), calls);
    }

    @Test
    void everyCommandAndEachOfItsParametersIsDescribed() {
        int described = 0;
        for (Method m : AgentCommands.class.getDeclaredMethods()) {
            if (!Modifier.isPublic(m.getModifiers())) {
                continue;
            }
            assertNotNull(m.getAnnotation(Descriptor.class), m.getName());
            for (Parameter p : m.getParameters()) {
                assertNotNull(p.getAnnotation(Descriptor.class), m.getName() + " " + p.getName());
            }
            described++;
        }
        assertEquals(14, described, "list, subsystems, diag ×2, switches, watch, steady, buffer, reset, pause, resume, step ×2, swap");
    }
}
