package org.embodia.fsm.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.DerivedPredicate;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.TransitionDefinition;
import org.embodia.fsm.engine.internal.CompiledCondition;

/**
 * Runs an FSM definition with Embodied Agent semantics (seed 001 §2.2). One {@link #step()} is one
 * iteration: the current state's behaviours run once, then the error condition ε is checked, then
 * the terminal condition τ; if either holds exactly one initial condition σ of the state's
 * transitions must hold and selects the next state, otherwise the FSM stops with a
 * {@link DeterminismFault}. Stepping allocates nothing until a fault.
 *
 * <p>Not thread-safe: one activity steps an executor; other threads read {@link #currentState()}.
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
    private final InputSource source;
    private final String[] stateNames;
    private final Behavior[][] behaviors;
    private final CompiledCondition[] terminal;
    private final CompiledCondition[] error;
    private final int[][] targets;
    private final CompiledCondition[][] initialConditions;
    private final int initial;
    private final int inputCount;
    private final int derivedBase;
    private final boolean[][] derivedIn;
    private final int[] derivedThreshold;
    private final int[] derivedCount;
    private final int behaviorOkIndex;
    private final int inErrorIndex;
    private final boolean[] values;
    private final int[] holding;

    private volatile int current;
    private int lastState = -1;
    private int iterationInState;
    private long iteration;
    private boolean lastEnded;
    private boolean lastInError;
    private Throwable lastFailure;
    private volatile DeterminismFault fault;

    private FsmExecutor(FsmDefinition definition, Map<String, ? extends Behavior> behaviorsByName, InputSource source) {
        this.definition = definition;
        this.source = source;
        List<StateDefinition> states = definition.states();
        int n = states.size();
        stateNames = new String[n];
        Map<String, Integer> stateIndex = new HashMap<>();
        for (int s = 0; s < n; s++) {
            stateNames[s] = states.get(s).name();
            stateIndex.put(stateNames[s], s);
        }
        Map<String, Integer> predicateIndex = new HashMap<>();
        inputCount = definition.inputs().size();
        for (int i = 0; i < inputCount; i++) {
            predicateIndex.put(definition.inputs().get(i).name(), i);
        }
        derivedBase = inputCount;
        List<DerivedPredicate> derived = definition.derived();
        derivedIn = new boolean[derived.size()][n];
        derivedThreshold = new int[derived.size()];
        derivedCount = new int[derived.size()];
        for (int d = 0; d < derived.size(); d++) {
            predicateIndex.put(derived.get(d).name(), derivedBase + d);
            derivedThreshold[d] = derived.get(d).threshold();
            for (String s : derived.get(d).states()) {
                derivedIn[d][stateIndex.get(s)] = true;
            }
        }
        behaviorOkIndex = derivedBase + derived.size();
        inErrorIndex = behaviorOkIndex + 1;
        predicateIndex.put(Predicates.CURRENT_BEHAVIOR_OK, behaviorOkIndex);
        predicateIndex.put(Predicates.IN_ERROR, inErrorIndex);
        values = new boolean[inErrorIndex + 1];

        behaviors = new Behavior[n][];
        terminal = new CompiledCondition[n];
        error = new CompiledCondition[n];
        targets = new int[n][];
        initialConditions = new CompiledCondition[n][];
        int maxTransitions = 0;
        for (int s = 0; s < n; s++) {
            StateDefinition state = states.get(s);
            behaviors[s] = state.behaviors().stream().map(behaviorsByName::get).toArray(Behavior[]::new);
            terminal[s] = CompiledCondition.compile(state.terminalCondition(), predicateIndex);
            error[s] = CompiledCondition.compile(state.errorCondition(), predicateIndex);
            List<TransitionDefinition> ts = state.transitions();
            targets[s] = ts.stream().mapToInt(t -> stateIndex.get(t.target())).toArray();
            initialConditions[s] = ts.stream().map(t -> CompiledCondition.compile(t.initialCondition(), predicateIndex))
                    .toArray(CompiledCondition[]::new);
            maxTransitions = Math.max(maxTransitions, ts.size());
        }
        holding = new int[maxTransitions];
        initial = stateIndex.get(definition.initialState());
        current = initial;
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
        int s = current;
        boolean behaviorsOk = true;
        for (Behavior b : behaviors[s]) {
            try {
                b.step(iterationInState);
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable t) {
                behaviorsOk = false;
                lastFailure = t;
            }
        }
        for (int d = 0; d < derivedCount.length; d++) {
            derivedCount[d] = derivedIn[d][s] ? (derivedCount[d] == Integer.MAX_VALUE ? derivedCount[d] : derivedCount[d] + 1) : 0;
            values[derivedBase + d] = derivedCount[d] > derivedThreshold[d];
        }
        for (int i = 0; i < inputCount; i++) {
            values[i] = source.input(i);
        }
        boolean behaviorOk = behaviorsOk && source.currentBehaviorOk();
        values[behaviorOkIndex] = behaviorOk;
        boolean inError = !behaviorOk || error[s].eval(values);
        boolean ended = inError || terminal[s].eval(values);
        values[inErrorIndex] = inError;
        lastState = s;
        lastEnded = ended;
        lastInError = inError;
        long thisIteration = iteration++;
        if (!ended) {
            iterationInState++;
            return true;
        }
        CompiledCondition[] sigmas = initialConditions[s];
        int count = 0;
        for (int t = 0; t < sigmas.length; t++) {
            if (sigmas[t].eval(values)) {
                holding[count++] = t;
            }
        }
        terminate(s);
        if (count != 1) {
            fault = faultOf(thisIteration, s, inError, count);
            return false;
        }
        current = targets[s][holding[0]];
        iterationInState = 0;
        return true;
    }

    private void terminate(int s) {
        for (Behavior b : behaviors[s]) {
            try {
                b.terminate();
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable t) {
                lastFailure = t;
            }
        }
    }

    private DeterminismFault faultOf(long at, int s, boolean inError, int count) {
        List<String> held = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            held.add(stateNames[targets[s][holding[i]]]);
        }
        return new DeterminismFault(at, stateNames[s], inError, held, predicateValues());
    }

    /** The predicate values of the last iteration by name: inputs, derived, CURRENT_BEHAVIOR_OK, IN_ERROR. */
    public Map<String, Boolean> predicateValues() {
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (int i = 0; i < inputCount; i++) {
            out.put(definition.inputs().get(i).name(), values[i]);
        }
        for (int d = 0; d < derivedCount.length; d++) {
            out.put(definition.derived().get(d).name(), values[derivedBase + d]);
        }
        out.put(Predicates.CURRENT_BEHAVIOR_OK, values[behaviorOkIndex]);
        out.put(Predicates.IN_ERROR, values[inErrorIndex]);
        return out;
    }

    /** Back to the initial state, with counters cleared and any fault forgotten. Not for the real-time path. */
    public void reset() {
        current = initial;
        lastState = -1;
        iterationInState = 0;
        iteration = 0;
        lastEnded = false;
        lastInError = false;
        lastFailure = null;
        fault = null;
        java.util.Arrays.fill(derivedCount, 0);
        java.util.Arrays.fill(values, false);
    }

    public FsmDefinition definition() {
        return definition;
    }

    /** The state whose behaviours run in the next iteration. */
    public String currentState() {
        return stateNames[current];
    }

    /** The state that ran in the last iteration, or null before the first. */
    public String lastState() {
        return lastState < 0 ? null : stateNames[lastState];
    }

    /** Whether the last iteration ended its state. */
    public boolean lastEnded() {
        return lastEnded;
    }

    /** Whether the last iteration ended its state through the error condition. */
    public boolean lastInError() {
        return lastInError;
    }

    /** Iterations stepped so far. */
    public long iteration() {
        return iteration;
    }

    /** Iterations the current state has run, 0 right after it was selected. */
    public int iterationInState() {
        return iterationInState;
    }

    /** What a behaviour last threw, or null. */
    public Throwable lastFailure() {
        return lastFailure;
    }

    /** The fault that stopped this FSM, or null while it runs. */
    public DeterminismFault fault() {
        return fault;
    }
}
