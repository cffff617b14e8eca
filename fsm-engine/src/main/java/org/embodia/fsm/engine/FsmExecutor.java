package org.embodia.fsm.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.api.fsm.TransitionRule;
import org.embodia.api.fsm.TransitionType;
import org.embodia.fsm.engine.internal.EaMachine;
import org.embodia.fsm.engine.internal.ExecutorCore;
import org.embodia.fsm.engine.internal.RunClock;
import org.embodia.fsm.engine.internal.StateFactory;

/**
 * Runs an Embodied Agent FSM definition (seed 001 §2.2). One {@link #step()} is one iteration:
 * the current state's behaviours run once, then the error condition ε is checked, then the terminal
 * condition τ; if either holds exactly one initial condition σ of the state's transitions must hold
 * and selects the next state, otherwise the FSM stops with a {@link DeterminismFault}.
 *
 * <p>This is the engine's one {@link Executor} semantics: each Embodied Agent state is an executor
 * state whose output is the target its σ chose, over Auto transitions. The executor is primed with
 * the iteration that starts the initial state, so the first {@code step()} runs it, as the spec's
 * i0 requires. Stepping allocates nothing until a fault. Not thread-safe: one activity steps it;
 * other threads may read {@link #currentState()}.
 */
public final class FsmExecutor {

    /** The values of the definition's input predicates for the iteration being stepped. */
    public interface InputSource {
        /** The value of input predicate {@code index}, in the order of {@link FsmDefinition#inputs()}. */
        boolean input(int index);

        /** For replays, where no behaviour runs: CURRENT_BEHAVIOR_OK as logged. */
        default boolean currentBehaviorOk() {
            return true;
        }
    }

    private final FsmDefinition definition;
    private final EaMachine machine;
    private final RunClock clock = new RunClock(1, null);
    private final ExecutorCore core;
    private volatile DeterminismFault fault;

    private FsmExecutor(FsmDefinition definition, Map<String, ? extends Behavior> behaviors, InputSource source) {
        this.definition = definition;
        this.machine = new EaMachine(definition, behaviors, new EaMachine.Inputs() {
            @Override
            public boolean input(int index) {
                return source.input(index);
            }

            @Override
            public boolean currentBehaviorOk() {
                return source.currentBehaviorOk();
            }
        });
        List<TransitionRule> transitions = new ArrayList<>();
        for (StateDefinition s : definition.states()) {
            s.transitions().forEach(t -> transitions.add(new TransitionRule(s.name(), t.target(), t.target(), TransitionType.AUTO, t.location())));
        }
        StateMachineDefinition asMachine = new StateMachineDefinition(definition.name(), definition.source(), false, false, false,
                definition.initialState(), Map.of(), Map.of(), transitions);
        this.core = new ExecutorCore(asMachine, new StateFactory(Map.of(), machine, clock), "", false);
        prime();
    }

    private void prime() {
        clock.tick();
        core.iterate();
    }

    /**
     * An executor that runs behaviours and reads the subsystem's predicates.
     *
     * @throws IllegalArgumentException naming every behaviour or input predicate the definition needs and is not given
     */
    public static FsmExecutor create(FsmDefinition definition, Map<String, ? extends Behavior> behaviors, Predicates predicates) {
        List<String> missing = new ArrayList<>();
        for (StateDefinition s : definition.states()) {
            for (String b : s.behaviors()) {
                if (!behaviors.containsKey(b)) {
                    missing.add("behaviour '" + b + "' (state " + s.name() + ")");
                }
            }
        }
        BooleanSupplier[] inputs = new BooleanSupplier[definition.inputs().size()];
        for (int i = 0; i < inputs.length; i++) {
            String name = definition.inputs().get(i).name();
            inputs[i] = predicates.functions().get(name);
            if (inputs[i] == null) {
                missing.add("predicate '" + name + "'");
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("FSM " + definition.name() + " needs " + String.join(", ", missing));
        }
        return new FsmExecutor(definition, behaviors, index -> inputs[index].getAsBoolean());
    }

    /** An executor for replaying logged predicate values: no behaviour runs. */
    public static FsmExecutor forReplay(FsmDefinition definition, InputSource source) {
        Map<String, Behavior> none = new HashMap<>();
        for (StateDefinition s : definition.states()) {
            s.behaviors().forEach(b -> none.put(b, iteration -> { }));
        }
        return new FsmExecutor(definition, none, source);
    }

    /**
     * Runs one iteration.
     *
     * @return false if the FSM is stopped by a determinism fault (this iteration's or an earlier one's)
     */
    public boolean step() {
        if (fault != null) {
            return false;
        }
        clock.tick();
        core.iterate();
        ExecutorError error = core.error();
        if (error == null) {
            return true;
        }
        fault = error.cause() instanceof EaMachine.FaultException f ? f.fault()
                : new DeterminismFault(machine.iteration() - 1, error.state(), true, List.of(), machine.predicateValues());
        return false;
    }

    /** The predicate values of the last iteration by name: inputs, derived, CURRENT_BEHAVIOR_OK, IN_ERROR. */
    public Map<String, Boolean> predicateValues() {
        return machine.predicateValues();
    }

    /** The names of the values {@link #predicateBits()} packs, in bit order: inputs, derived, CURRENT_BEHAVIOR_OK, IN_ERROR. */
    public List<String> predicateNames() {
        return machine.predicateNames();
    }

    /** The last iteration's predicate values as bits, without allocating: for real-time logs. */
    public long predicateBits() {
        return machine.predicateBits();
    }

    /** Back to the initial state, with counters cleared and any fault forgotten. Not for the real-time path. */
    public void reset() {
        core.reset();
        machine.reset();
        clock.reset();
        fault = null;
        prime();
    }

    public FsmDefinition definition() {
        return definition;
    }

    /** The state whose behaviours run in the next iteration; after a fault, the state that faulted. */
    public String currentState() {
        DeterminismFault f = fault;
        return f != null ? f.state() : core.currentState();
    }

    /** The state that ran in the last iteration, or null before the first. */
    public String lastState() {
        return core.lastRun();
    }

    /** Whether the last iteration ended its state. */
    public boolean lastEnded() {
        return machine.lastEnded();
    }

    /** Whether the last iteration ended its state through the error condition. */
    public boolean lastInError() {
        return machine.lastInError();
    }

    /** Iterations stepped so far. */
    public long iteration() {
        return machine.iteration();
    }

    /** Iterations the current state has run, 0 right after it was selected. */
    public int iterationInState() {
        return machine.iterationInState(currentState());
    }

    /** What a behaviour last threw, or null. */
    public Throwable lastFailure() {
        return machine.lastFailure();
    }

    /** The fault that stopped this FSM, or null while it runs. */
    public DeterminismFault fault() {
        return fault;
    }
}
