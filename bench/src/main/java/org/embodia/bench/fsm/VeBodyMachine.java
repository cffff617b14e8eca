package org.embodia.bench.fsm;

/** ve_body's FSM in one implementation: one {@link #step()} is one iteration over the next trace entry. */
public interface VeBodyMachine {
    /** One pass on the next trace entry: checks the current state on it, selects; returns the state that runs on it. */
    String step();

    /** Back to idle at the trace's start. */
    void reset() throws Exception;
}
