package org.embodia.scheduler;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An agent the scheduler runs, one per configuration of the factory PID {@value #FACTORY_PID}:
 * <ul>
 * <li>{@code name}: the agent's name;</li>
 * <li>{@code activities}: one entry per activity, {@code "<name> <rate>Hz: <step>, <step>, ..."} or
 * {@code "<name> clock=<clock>: ..."}, where a step is a subsystem's full name, run in that order, with
 * optionally the inputs it receives in that pass: {@code core/a.body/ve(status)};</li>
 * <li>{@code connections}: {@code "<subsystem>:<output> -> <subsystem>:<input>"};</li>
 * <li>{@code overrunFault}: consecutive overruns reported as a fault (default 10);</li>
 * <li>{@code priority}: the SCHED_FIFO priority periodic activities ask for (default 80; 0 not to ask);</li>
 * <li>{@code cpu}: the CPU their threads are pinned to (default -1: any).</li>
 * </ul>
 */
@ProviderType
public interface Agent {
    String FACTORY_PID = "org.embodia.agent";

    enum Status {
        /** Configured, waiting for subsystems or behaviours to appear. */
        WAITING,
        RUNNING,
        /** Paused for debugging: cycles run only by {@link #step(int)}. */
        PAUSED,
        /** The configuration is wrong: nothing runs. */
        CONFIG_ERROR
    }

    String name();

    Status status();

    /** What is wrong or missing: configuration errors, absent subsystems, swap failures. */
    List<String> problems();

    List<ActivityDiagnostics> activities();

    List<SubsystemDiagnostics> subsystems();

    /** The last state switches of a subsystem's FSM, oldest first, with the predicate values that caused them. */
    List<StateSwitch> switches(String subsystem);

    /** The last message of a buffer, as text; {@code "(no data)"} before any. */
    String lastMessage(String subsystem, String buffer);

    /**
     * Its activities, passes, connections and subsystems.
     *
     * @since 1.8
     */
    AgentLayout layout();

    /**
     * The histograms behind an activity's percentiles.
     *
     * @throws IllegalArgumentException when no such activity runs
     * @since 1.8
     */
    ActivityHistograms histograms(String activity);

    /**
     * A reader of the messages a subsystem's buffer carries (an output, or an input by the output that writes it),
     * off the loop; the caller closes it.
     *
     * @throws IllegalArgumentException when the agent names no such subsystem, or the running subsystem has no such
     *         buffer
     * @since 1.8
     */
    BufferWatch watch(String subsystem, String buffer);

    /** Stops running cycles at the next boundary; deadlines restart on resume. */
    void pause();

    /**
     * Forgets its activities' figures so far (overruns, missed triggers aside, and the latency, period and compute
     * histograms), so that what follows is measured alone, e.g. after a warm-up.
     *
     * @since 1.5
     */
    void resetDiagnostics();

    void resume();

    /**
     * Runs {@code cycles} cycles of every activity now, while paused.
     *
     * @throws IllegalStateException when not paused
     */
    void step(int cycles);
}
