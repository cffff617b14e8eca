package org.embodia.api.fsm;

import java.util.List;
import java.util.Map;

import org.embodia.api.fsm.state.Configuration;

/**
 * An FSM in mc_rtc's form ([MCRTC-FSM]): states by name, executed with their lifecycle, and transitions
 * chosen by the outputs states set when they complete.
 *
 * @param managed with Managed, the FSM takes no transition of its own: it completes when a state does
 * @param stepByStep with StepByStep, transitions of that type wait for {@code next}
 * @param idleKeepState keeps a completed state running while the FSM waits, instead of tearing it down
 * @param init the state started first; null in a managed FSM, which waits for {@code play}
 * @param states the text states of the file
 * @param configs extra configuration for states when this FSM plays them
 */
public record StateMachineDefinition(String name, String source, boolean managed, boolean stepByStep,
        boolean idleKeepState, String init, Map<String, TextState> states, Map<String, Configuration> configs,
        List<TransitionRule> transitions) {
    public StateMachineDefinition {
        states = Map.copyOf(states);
        configs = Map.copyOf(configs);
        transitions = List.copyOf(transitions);
    }
}
