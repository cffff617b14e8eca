package org.embodia.fsm.engine;

import java.util.Set;

import org.embodia.api.fsm.state.State;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * State implementations by name, mc_rtc's StatesLibraries: in a framework, the prototype-scoped
 * {@link State} services; outside, whatever a tool registers. The built-in Pause, Parallel and Meta
 * states are always available on top of a library.
 */
@ConsumerType
public interface StateLibrary {
    /** A library with no state of its own: only the built-ins. */
    StateLibrary NONE = new StateLibrary() {
        @Override
        public Set<String> names() {
            return Set.of();
        }

        @Override
        public State create(String name) {
            throw new IllegalArgumentException("no state implementation '" + name + "'");
        }
    };

    Set<String> names();

    /**
     * A new instance of the named state.
     *
     * @throws IllegalArgumentException if there is no such state
     */
    State create(String name);

    /** Gives back an instance {@link #create} made, after its teardown. */
    default void release(State state) {
    }
}
