package org.embodia.api.fsm.state;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A state of an FSM with mc_rtc's lifecycle ([MCRTC-FSM]). The executor creates a new instance every
 * time the state is entered, calls {@link #configure} once per level of text inheritance and once
 * with its own {@code configs} entry, then {@link #start} once, then {@link #run} once per iteration
 * from the iteration after the start, until the state is left: then {@link #teardown}, preceded by
 * {@link #stop} when the state is interrupted. Anything thrown puts the FSM into a reported error.
 *
 * <p>In a framework, a state is a DS component of prototype scope registering this interface with
 * the property {@value #NAME_PROPERTY}, so that every activation gets its own instance.
 */
@ConsumerType
public interface State {
    /** The service property naming a state implementation, e.g. {@code embodia.state=Pause}. */
    String NAME_PROPERTY = "embodia.state";

    /** Accumulates configuration; called several times before {@link #start}. Create nothing here. */
    void configure(Configuration config);

    void start(StateContext context) throws Exception;

    /** One iteration; true when the state has completed, with {@link #output()} set. */
    boolean run(StateContext context) throws Exception;

    /** The output chosen when the state completed; the executor looks the transition up by it. */
    String output();

    default void teardown(StateContext context) throws Exception {
    }

    /** Called before {@link #teardown} when the state is interrupted. */
    default void stop(StateContext context) throws Exception {
    }
}
