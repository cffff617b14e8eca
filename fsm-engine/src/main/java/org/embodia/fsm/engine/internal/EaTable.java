package org.embodia.fsm.engine.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.DerivedPredicate;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.TransitionDefinition;

/**
 * An Embodied Agent FSM definition compiled for stepping: states, predicates and derived predicates
 * by index, and per state its ε, τ and σ's as a decision table indexed by the mask of every predicate
 * (bit i: predicate i, in the order inputs, derived, CURRENT_BEHAVIOR_OK), made once at load so that a
 * step is one lookup. Definitions with more than {@value #MAX_TABLE_BITS} predicates evaluate their
 * conditions instead. Immutable.
 */
public final class EaTable {

    /** The decision of a state for one combination of predicate values: the state goes on. */
    public static final short NOT_ENDED = -1;
    /** None or several initial conditions hold. */
    public static final short FAULT = -2;

    private static final int MAX_TABLE_BITS = 12;

    private final FsmDefinition definition;
    private final String[] stateNames;
    private final int initial;
    private final int inputCount;
    private final int derivedBase;
    private final boolean[][] derivedIn;
    private final int[] derivedThreshold;
    private final int behaviorOkIndex;
    private final int inErrorIndex;
    private final String[] predicateNames;
    private final Compiled[] states;
    private final short[] nextByMask;

    /** One state's conditions, compiled. */
    private static final class Compiled {
        final CompiledCondition terminal;
        final CompiledCondition error;
        final int[] targets;
        final CompiledCondition[] initialConditions;

        Compiled(CompiledCondition terminal, CompiledCondition error, int[] targets, CompiledCondition[] initialConditions) {
            this.terminal = terminal;
            this.error = error;
            this.targets = targets;
            this.initialConditions = initialConditions;
        }
    }

    public EaTable(FsmDefinition definition) {
        this.definition = definition;
        List<StateDefinition> defs = definition.states();
        stateNames = new String[defs.size()];
        Map<String, Integer> stateIndex = new HashMap<>();
        for (int s = 0; s < defs.size(); s++) {
            stateNames[s] = defs.get(s).name();
            stateIndex.put(stateNames[s], s);
        }
        initial = stateIndex.get(definition.initialState());
        Map<String, Integer> predicateIndex = new HashMap<>();
        inputCount = definition.inputs().size();
        for (int i = 0; i < inputCount; i++) {
            predicateIndex.put(definition.inputs().get(i).name(), i);
        }
        derivedBase = inputCount;
        List<DerivedPredicate> derived = definition.derived();
        derivedIn = new boolean[derived.size()][defs.size()];
        derivedThreshold = new int[derived.size()];
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
        predicateNames = new String[inErrorIndex + 1];
        predicateIndex.forEach((name, index) -> predicateNames[index] = name);

        states = new Compiled[defs.size()];
        for (int s = 0; s < defs.size(); s++) {
            states[s] = compile(defs.get(s), stateIndex, predicateIndex);
        }
        nextByMask = behaviorOkIndex < MAX_TABLE_BITS ? flatten() : null;
    }

    private Compiled compile(StateDefinition def, Map<String, Integer> stateIndex, Map<String, Integer> predicateIndex) {
        CompiledCondition terminal = CompiledCondition.compile(def.terminalCondition(), predicateIndex);
        CompiledCondition error = CompiledCondition.compile(def.errorCondition(), predicateIndex);
        List<TransitionDefinition> ts = def.transitions();
        int[] targets = ts.stream().mapToInt(t -> stateIndex.get(t.target())).toArray();
        CompiledCondition[] initialConditions = ts.stream().map(t -> CompiledCondition.compile(t.initialCondition(), predicateIndex))
                .toArray(CompiledCondition[]::new);
        return new Compiled(terminal, error, targets, initialConditions);
    }

    private short[] flatten() {
        int bits = maskBits();
        short[] flat = new short[states.length << bits];
        boolean[] v = new boolean[predicateNames.length];
        for (int mask = 0; mask < 1 << bits; mask++) {
            for (int k = 0; k < bits; k++) {
                v[k] = (mask & (1 << k)) != 0;
            }
            for (int s = 0; s < states.length; s++) {
                Compiled c = states[s];
                flat[s << bits | mask] = next(c, decide(c.error, c.terminal, c.initialConditions, v));
            }
        }
        return flat;
    }

    /** ε, then τ; when either holds, the one σ that holds (shifted left one, IN_ERROR in bit 0), or FAULT. */
    private short decide(CompiledCondition error, CompiledCondition terminal, CompiledCondition[] initialConditions, boolean[] v) {
        boolean inError = error.eval(v);
        v[inErrorIndex] = inError;
        if (!inError && !terminal.eval(v)) {
            return NOT_ENDED;
        }
        int chosen = -1;
        for (int t = 0; t < initialConditions.length; t++) {
            if (initialConditions[t].eval(v)) {
                if (chosen >= 0) {
                    return FAULT;
                }
                chosen = t;
            }
        }
        return chosen < 0 ? FAULT : (short) (chosen << 1 | (inError ? 1 : 0));
    }

    /**
     * Every state's decision by the predicates' mask, flattened: the entry at {@code state << maskBits() | mask}
     * (bit i of the mask: predicate i; IN_ERROR's bit unused) is NOT_ENDED, FAULT, or the next state's index
     * shifted left one with IN_ERROR in bit 0. One array read a step; null when the definition has more than
     * {@value #MAX_TABLE_BITS} predicates, whose decisions {@link #next(int, boolean[])} evaluates.
     */
    public short[] nextByMask() {
        return nextByMask;
    }

    /** The bits of a mask: every predicate but IN_ERROR. */
    public int maskBits() {
        return behaviorOkIndex + 1;
    }

    /**
     * State {@code state}'s decision, as in {@link #nextByMask()}, by evaluating its conditions on {@code values};
     * sets IN_ERROR in them. Allocates nothing.
     */
    public short next(int state, boolean[] values) {
        Compiled c = states[state];
        return next(c, decide(c.error, c.terminal, c.initialConditions, values));
    }

    private static short next(Compiled c, short decision) {
        return decision < 0 ? decision : (short) (c.targets[decision >> 1] << 1 | (decision & 1));
    }

    /** The targets whose initial conditions hold on {@code values}, IN_ERROR set: for a fault's report. */
    public List<String> holding(int state, boolean[] values) {
        Compiled c = states[state];
        return IntStream.range(0, c.targets.length).filter(t -> c.initialConditions[t].eval(values))
                .mapToObj(t -> stateNames[c.targets[t]]).toList();
    }

    public FsmDefinition definition() {
        return definition;
    }

    public String stateName(int state) {
        return stateNames[state];
    }

    public int initial() {
        return initial;
    }

    public int inputCount() {
        return inputCount;
    }

    public int derivedBase() {
        return derivedBase;
    }

    public int derivedCount() {
        return derivedThreshold.length;
    }

    /** Whether derived predicate {@code d} counts iterations in {@code state}. */
    public boolean counts(int d, int state) {
        return derivedIn[d][state];
    }

    public int threshold(int d) {
        return derivedThreshold[d];
    }

    public int behaviorOkIndex() {
        return behaviorOkIndex;
    }

    public int inErrorIndex() {
        return inErrorIndex;
    }

    /** Every predicate's name by index: inputs, derived, CURRENT_BEHAVIOR_OK, IN_ERROR. */
    public String predicateName(int index) {
        return predicateNames[index];
    }

    public int predicateCount() {
        return predicateNames.length;
    }
}
