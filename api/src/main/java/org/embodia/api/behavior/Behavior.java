package org.embodia.api.behavior;

/**
 * A behaviour's transition function ([RAPP] eq. 2): one call computes one iteration, reading
 * input buffers and memory and writing output buffers and memory. Its terminal, error and initial
 * conditions are data of the FSM definition, written over named {@link Predicates}.
 *
 * <p>A behaviour that throws makes {@link Predicates#CURRENT_BEHAVIOR_OK} false when its state's
 * conditions are next checked; it ends the state only where the state's error condition reads it.
 */
@FunctionalInterface
public interface Behavior {

    /**
     * Runs one iteration.
     *
     * @param iteration 0 in the first iteration after the behaviour was selected (the spec's i0), then 1, 2, ...
     */
    void step(int iteration) throws Exception;

    /** Called once when the state running this behaviour ends, before the next state's first iteration. */
    default void terminate() {
    }
}
