package org.embodia.scheduler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The activity lines of an agent's configuration: rates, clocks, triggers and the passes of hardware subsystems. */
class AgentConfigTest {
    private static AgentConfig parse(String activity) {
        return AgentConfig.parse(Map.of("name", "core", "activities", List.of(activity)));
    }

    @Test
    void aTriggeredActivityNamesItsSubsystemAndDeadlineAndHardwareRunsInReadAndWritePasses() {
        AgentConfig c = parse("rt 500Hz trigger=core/a.lwr_r/re deadline=3ms: read core/a.lwr_r/re, core/a.body/ve(status), write core/a.lwr_r/re(command)");
        assertEquals(List.of(), c.problems());
        AgentConfig.Activity a = c.activities().get(0);
        assertEquals(List.of("core/a.lwr_r/re"), a.triggers());
        assertEquals(3_000_000, a.deadlineNanos());
        assertEquals(List.of(new AgentConfig.Step(AgentConfig.Phase.READ, "core/a.lwr_r/re", List.of()),
                new AgentConfig.Step(AgentConfig.Phase.STEP, "core/a.body/ve", List.of("status")),
                new AgentConfig.Step(AgentConfig.Phase.WRITE, "core/a.lwr_r/re", List.of("command"))), a.steps());
        assertEquals("500.0 Hz, trigger=core/a.lwr_r/re deadline=3000 us", a.describe());
    }

    @Test
    void severalSubsystemsMayTriggerTogether() {
        AgentConfig c = parse("rt 500Hz trigger=core/a.lwr_r/re,core/a.lwr_l/re deadline=10ms: read core/a.lwr_r/re, read core/a.lwr_l/re");
        assertEquals(List.of(), c.problems());
        assertEquals(List.of("core/a.lwr_r/re", "core/a.lwr_l/re"), c.activities().get(0).triggers());
        assertEquals("500.0 Hz, trigger=core/a.lwr_r/re,core/a.lwr_l/re deadline=10000 us", c.activities().get(0).describe());
        assertTrue(parse("rt 500Hz trigger=core/a.lwr_r/re,core/a.lwr_x/re: core/a.lwr_r/re").problems().stream()
                .anyMatch(p -> p.contains("its trigger core/a.lwr_x/re is not one of its subsystems")));
    }

    @Test
    void withoutADeadlineATriggeredCycleWaitsOneAndAHalfPeriods() {
        AgentConfig.Activity a = parse("rt 500Hz trigger=core/a.lwr_r/re: core/a.lwr_r/re").activities().get(0);
        assertEquals(3_000_000, a.deadlineNanos());
        assertEquals(List.of(), parse("rt 500Hz: core/a.lwr_r/re").activities().get(0).triggers());
    }

    @Test
    void aTriggerOutsideTheActivityADeadlineShorterThanThePeriodAndAReadWithInputsAreProblems() {
        assertTrue(parse("rt 500Hz trigger=core/a.lwr_l/re: core/a.lwr_r/re").problems().stream()
                .anyMatch(p -> p.contains("its trigger core/a.lwr_l/re is not one of its subsystems")), "trigger elsewhere");
        assertTrue(parse("rt 500Hz trigger=core/a.lwr_r/re deadline=500us: core/a.lwr_r/re").problems().stream()
                .anyMatch(p -> p.contains("shorter than the period")), "deadline below the period");
        assertTrue(parse("rt 500Hz: read core/a.lwr_r/re(command)").problems().stream()
                .anyMatch(p -> p.contains("'read core/a.lwr_r/re' receives no input")), "a read with inputs");
        assertTrue(parse("rt 500Hz trigger=nonsense: core/a.lwr_r/re").problems().stream().anyMatch(p -> p.contains("trigger:")),
                "a trigger that is no subsystem name");
    }

    @Test
    void theActivitiesCpuIsAnyUnlessConfigured() {
        assertEquals(-1, parse("rt 500Hz: core/a.lwr_r/re").cpu());
        AgentConfig pinned = AgentConfig.parse(Map.of("name", "core", "activities", "rt 500Hz: core/a.lwr_r/re", "cpu", 1));
        assertEquals(List.of(), pinned.problems());
        assertEquals(1, pinned.cpu());
        assertTrue(AgentConfig.parse(Map.of("name", "core", "activities", "rt 500Hz: core/a.lwr_r/re", "cpu", "first")).problems().stream()
                .anyMatch(p -> p.contains("cpu")), "a CPU that is no number");
    }

    private static AgentConfig split(String host, List<String> hosts, List<String> connections, String activity) {
        return AgentConfig.parse(Map.of("name", "core", "activities", List.of(activity), "hosts", hosts, "connections", connections), host);
    }

    @Test
    void hostsPlaceSubsystemsInProcessesAndTheRestRunsOnTheLeader() {
        AgentConfig c = split("cs", List.of("cs: core/a./cs", "effectors: core/a.lwr_r/re, core/a.lwr_l/re"),
                List.of("core/a.body/ve:status -> core/a./cs:status", "core/a./cs:command -> core/a.body/ve:command"),
                "rt 500Hz: core/a.body/ve, core/a./cs, core/a.lwr_r/re, core/a.lwr_l/re");
        assertEquals(List.of(), c.problems());
        Hosts h = c.hosts();
        assertEquals("main", h.of("core/a.body/ve"));
        assertEquals("effectors", h.of("core/a.lwr_l/re"));
        assertTrue(h.local("core/a./cs") && !h.leads() && h.split());
        assertEquals(List.of("main", "cs", "effectors"), h.names());
        assertEquals("aeron:ipc", h.channel("cs"));
        assertTrue(h.requestStream(0, "cs") != h.requestStream(0, "effectors") && h.answerStream(0, "cs") == h.requestStream(0, "cs") + 1);
        assertEquals(List.of(), AgentConfig.parse(Map.of("name", "core", "activities", List.of("rt 500Hz: core/a./cs"))).problems());
        assertTrue(!AgentConfig.parse(Map.of("name", "core", "activities", List.of("rt 500Hz: core/a./cs"))).hosts().split());
    }

    /** A device on another host triggers the cycle through that host's answer to the passes that end it (velma-hw-split). */
    @Test
    void aTriggerOnAnotherHostEndsTheCycle() {
        AgentConfig c = split("effectors", List.of("effectors: core/a.lwr_r/re, core/a.lwr_l/re"),
                List.of("core/a.lwr_r/re:status -> core/a.body/ve:status", "core/a.body/ve:command -> core/a.lwr_r/re:command"),
                "rt 500Hz trigger=core/a.lwr_r/re,core/a.lwr_l/re deadline=10ms: read core/a.lwr_r/re, read core/a.lwr_l/re, core/a.body/ve,"
                        + " write core/a.lwr_r/re, write core/a.lwr_l/re");
        assertEquals(List.of(), c.problems());
        List<String> problems = split("main", List.of("effectors: core/a.lwr_r/re"), List.of(),
                "rt 500Hz trigger=core/a.lwr_r/re: read core/a.lwr_r/re, core/a.body/ve, write core/a.lwr_r/re, core/a.x/ve").problems();
        assertTrue(problems.stream().anyMatch(p -> p.contains("its trigger core/a.lwr_r/re runs on host effectors")), problems.toString());
    }

    @Test
    void aSplitThatCannotWorkIsAConfigurationError() {
        String activity = "rt 500Hz trigger=core/a.lwr_r/re: core/a.lwr_r/re, core/a.body/ve, core/a./cs";
        List<String> problems = split("main", List.of("cs: core/a./cs", "effectors: core/a.lwr_r/re, core/a.nowhere/re", "x: core/a./cs"),
                List.of("core/a./cs:command -> core/a.lwr_r/re:command"), activity).problems();
        assertTrue(problems.stream().anyMatch(p -> p.contains("joins host cs to host effectors")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("its trigger core/a.lwr_r/re runs on host effectors, so a step of it is to be among"
                + " the steps on effectors that end the cycle")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("core/a.nowhere/re is placed on effectors, but no activity runs it")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("core/a./cs is placed on two hosts")), problems.toString());
        assertTrue(split("other", List.of("cs: core/a./cs"), List.of(), "rt 500Hz: core/a./cs").problems().stream()
                .anyMatch(p -> p.contains("this process is host 'other'")), "a process of no named host");
        assertTrue(AgentConfig.parse(Map.of("name", "core", "activities", List.of("rt 500Hz: core/a./cs"), "hosts", List.of("cs: core/a./cs"),
                "channels", List.of("cs=udp://nowhere")), "main").problems().stream().anyMatch(p -> p.contains("channels: 'cs=udp://nowhere'")));
    }
}
