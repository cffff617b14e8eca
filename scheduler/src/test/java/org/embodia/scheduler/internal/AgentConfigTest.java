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
}
