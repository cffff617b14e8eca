package org.embodia.bench.fsm;

/** ve_body's FSM in one implementation: one {@link #step()} is one iteration over the next trace entry. */
public interface VeBodyMachine {
    /** Runs one iteration; the state for the next one. */
    String step();

    /** Back to idle at the trace's start. */
    void reset() throws Exception;
}
