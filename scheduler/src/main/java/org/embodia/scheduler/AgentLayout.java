package org.embodia.scheduler;

import java.util.List;

/**
 * How an agent is put together, as its configuration says and its subsystems tell: what a view draws as the agent's
 * graph.
 *
 * @param activities its activities, each with its passes in the order a cycle runs them
 * @param connections its buffer connections
 * @param subsystems every subsystem it names, running or not
 * @since 1.8
 */
public record AgentLayout(List<Activity> activities, List<Connection> connections, List<Subsystem> subsystems) {

    /**
     * @param clock how it is clocked, as {@link ActivityDiagnostics#clock()} says
     */
    public record Activity(String name, String clock, List<Step> steps) {
    }

    /**
     * One pass of a cycle.
     *
     * @param phase {@code step} (the whole subsystem), or {@code read} or {@code write} (a real effector's device)
     * @param receive the inputs it receives in this pass; empty for all of them
     * @param host the host that runs it ({@code main} when the agent is not split)
     */
    public record Step(String phase, String subsystem, List<String> receive, String host) {
    }

    public record Connection(String fromSubsystem, String output, String toSubsystem, String input) {
    }

    /**
     * @param fsm the name of its FSM definition, or null without one or while it is not running here
     * @param inputs its input buffers' names, empty while it is not running here
     * @param outputs its output buffers' names, likewise
     */
    public record Subsystem(String name, String fsm, List<String> inputs, List<String> outputs) {
    }
}
