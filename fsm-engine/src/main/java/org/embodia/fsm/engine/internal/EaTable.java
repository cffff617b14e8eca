package org.embodia.fsm.engine.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;

import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.Condition;
import org.embodia.api.fsm.DerivedPredicate;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.TransitionDefinition;

/**
 * An Embodied Agent FSM definition compiled for stepping: states, predicates and derived predicates
 * by index, and per state its ε, τ and σ's as a decision table over the predicates they read, made
 * once at load so that a step is a table lookup (states reading more than {@value #MAX_TABLE_BITS}
 * predicates evaluate their conditions instead). Immutable; one table serves any number of executors.
 */
public final class EaTable {

    /** The decision of a state for one combination of predicate values: the state goes on. */
    public static final short NOT_ENDED = -1;
    /** None or several initial conditions hold. */
    public static final short FAULT = -2;

    private static final int MAX_TABLE_BITS = 16;

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

    /** One state's conditions, compiled. */
    private static final class Compiled {
        final CompiledCondition terminal;
        final CompiledCondition error;
        final int[] targets;
        final CompiledCondition[] initialConditions;
        /** The predicates ε, τ and the σ's read (IN_ERROR aside), bit k of a table index being read[k]; null: no table. */
        final int[] read;
        final short[] decisions;

        Compiled(CompiledCondition terminal, CompiledCondition error, int[] targets, CompiledCondition[] initialConditions, int[] read,
                short[] decisions) {
            this.terminal = terminal;
            this.error = error;
            this.targets = targets;
            this.initialConditions = initialConditions;
            this.read = read;
            this.decisions = decisions;
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
    }

    private Compiled compile(StateDefinition def, Map<String, Integer> stateIndex, Map<String, Integer> predicateIndex) {
        CompiledCondition terminal = CompiledCondition.compile(def.terminalCondition(), predicateIndex);
        CompiledCondition error = CompiledCondition.compile(def.errorCondition(), predicateIndex);
        List<TransitionDefinition> ts = def.transitions();
        int[] targets = ts.stream().mapToInt(t -> stateIndex.get(t.target())).toArray();
        CompiledCondition[] initialConditions = ts.stream().map(t -> CompiledCondition.compile(t.initialCondition(), predicateIndex))
                .toArray(CompiledCondition[]::new);
        Set<Integer> names = new TreeSet<>();
        collect(def.terminalCondition(), predicateIndex, names);
        collect(def.errorCondition(), predicateIndex, names);
        ts.forEach(t -> collect(t.initialCondition(), predicateIndex, names));
        names.remove(inErrorIndex);
        if (names.size() > MAX_TABLE_BITS) {
            return new Compiled(terminal, error, targets, initialConditions, null, null);
        }
        int[] read = names.stream().mapToInt(Integer::intValue).toArray();
        short[] table = new short[1 << read.length];
        boolean[] v = new boolean[predicateNames.length];
        for (int mask = 0; mask < table.length; mask++) {
            for (int k = 0; k < read.length; k++) {
                v[read[k]] = (mask & (1 << k)) != 0;
            }
            table[mask] = decide(error, terminal, initialConditions, v);
        }
        return new Compiled(terminal, error, targets, initialConditions, read, table);
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

    private static void collect(Condition c, Map<String, Integer> indexes, Set<Integer> out) {
        if (c instanceof Condition.Ref r) {
            out.add(indexes.get(r.name()));
        } else if (c instanceof Condition.Not n) {
            collect(n.operand(), indexes, out);
        } else if (c instanceof Condition.And a) {
            a.operands().forEach(o -> collect(o, indexes, out));
        } else if (c instanceof Condition.Or o) {
            o.operands().forEach(x -> collect(x, indexes, out));
        }
    }

    /**
     * State {@code state}'s decision on {@code values} (inputs, derived and CURRENT_BEHAVIOR_OK filled
     * in): NOT_ENDED, FAULT, or the chosen transition's index shifted left one with IN_ERROR in bit 0.
     * Sets IN_ERROR in {@code values}. Allocates nothing.
     */
    public short decide(int state, boolean[] values) {
        Compiled c = states[state];
        short decision;
        if (c.decisions != null) {
            int mask = 0;
            int[] read = c.read;
            for (int k = 0; k < read.length; k++) {
                if (values[read[k]]) {
                    mask |= 1 << k;
                }
            }
            decision = c.decisions[mask];
        } else {
            decision = decide(c.error, c.terminal, c.initialConditions, values);
        }
        values[inErrorIndex] = decision >= 0 ? (decision & 1) != 0 : decision == FAULT && c.error.eval(values);
        return decision;
    }

    /** The target state of a decision that chose a transition. */
    public int target(int state, short decision) {
        return states[state].targets[decision >> 1];
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

    public int stateCount() {
        return stateNames.length;
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
