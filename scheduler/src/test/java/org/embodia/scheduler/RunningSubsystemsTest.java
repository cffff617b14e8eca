package org.embodia.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class RunningSubsystemsTest {
    /** Listed as present, but gone by the time its switches are read, as a subsystem swapped out meanwhile. */
    private static final String GONE = "core/a./cs";

    /** An agent as the runtime reports one: its subsystems' diagnostics and switches, nothing else used here. */
    private record FixedAgent(List<SubsystemDiagnostics> subsystems, Map<String, List<StateSwitch>> switchesBySubsystem) implements Agent {
        @Override
        public String name() {
            return "core";
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
            return List.of();
        }

        @Override
        public List<StateSwitch> switches(String subsystem) {
            if (subsystem.equals(GONE)) {
                throw new IllegalArgumentException("no subsystem " + subsystem);
            }
            return switchesBySubsystem.getOrDefault(subsystem, List.of());
        }

        @Override
        public String lastMessage(String subsystem, String buffer) {
            if (!buffer.equals("command")) {
                throw new IllegalArgumentException(subsystem + " has no buffer " + buffer + "; it has: command");
            }
            return subsystem + " last command";
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
    }

    private static SubsystemDiagnostics diag(String name, boolean present, String state, String fault) {
        return new SubsystemDiagnostics(name, "rt", present, state, fault, 0, 0, null, new Percentiles(0, 0, 0, 0, 0));
    }

    @Test
    void aSubsystemsStateAndSwitchesComeFromTheAgentThatRunsIt() {
        RunningSubsystems running = new RunningSubsystems();
        assertEquals("-", running.state("core/a.body/ve"), "no agent yet");
        StateSwitch s = new StateSwitch(7, "idle", "moveto", Map.of());
        FixedAgent agent = new FixedAgent(List.of(diag("core/a.body/ve", true, "moveto", null), diag("core/a.ls/ve", false, null, null),
                diag("core/a.mic/vr", true, "idle", "no sigma holds")), Map.of("core/a.body/ve", List.of(s)));
        running.add(agent);
        assertEquals("moveto", running.state("core/a.body/ve"));
        assertEquals(List.of(s), running.switches("core/a.body/ve"));
        assertEquals("-", running.state("core/a.ls/ve"), "a subsystem the agent waits for is not running");
        assertTrue(running.switches("core/a.ls/ve").isEmpty());
        assertEquals("idle (FSM stopped: no sigma holds)", running.state("core/a.mic/vr"));
        running.remove(agent);
        assertEquals("-", running.state("core/a.body/ve"));
    }

    @Test
    void aBuffersLastMessageComesFromTheAgentThatRunsItsSubsystem() {
        RunningSubsystems running = new RunningSubsystems();
        assertEquals("-", running.lastMessage("core/a.ls/ve", "command"), "no agent yet");
        running.add(new FixedAgent(List.of(diag("core/a.ls/ve", true, "idle", null), diag("core/a.mic/vr", false, null, null)),
                Map.of()));

        assertEquals("core/a.ls/ve last command", running.lastMessage("core/a.ls/ve", "command"));
        assertEquals("-", running.lastMessage("core/a.mic/vr", "command"), "a subsystem the agent waits for");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> running.lastMessage("core/a.ls/ve", "status"));
        assertTrue(e.getMessage().contains("has no buffer status"), e.getMessage());
    }

    @Test
    void aSubsystemGoneBetweenTheLookAndTheReadHasNoSwitches() {
        RunningSubsystems running = new RunningSubsystems();
        running.add(new FixedAgent(List.of(diag(GONE, true, "listen", null)), Map.of()));

        assertEquals(List.of(), running.switches(GONE));
    }
}
