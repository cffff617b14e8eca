package org.embodia.fsm.engine.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.BaseState;
import org.embodia.api.fsm.Condition;
import org.embodia.api.fsm.DerivedPredicate;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.State;
import org.embodia.api.fsm.StateContext;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.TransitionDefinition;
import org.embodia.fsm.engine.DeterminismFault;
import org.embodia.fsm.engine.StateLibrary;

/**
 * An Embodied Agent FSM as states of the executor (seed 001 §2.2): each state's run is one
 * iteration of its behaviours, then ε, then τ; when either holds, its output is the one target
 * whose σ holds, and the executor takes that Auto transition. None or several is a
 * {@link DeterminismFault}. The state objects are made once and reused, so stepping allocates
 * nothing.
 */
public final class EaMachine implements StateLibrary {

    /** The values of the input predicates for the iteration being run. */
    public interface Inputs {
        boolean input(int index);

        boolean currentBehaviorOk();
    }

    /** Thrown by a state's run on a determinism fault; the executor stops with it. */
    public static final class FaultException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient DeterminismFault fault;

        FaultException(DeterminismFault fault) {
            super(fault.message(), null, false, false);
            this.fault = fault;
        }

        public DeterminismFault fault() {
            return fault;
        }
    }

    /** States reading more predicates than this evaluate their conditions each step instead of looking them up. */
    private static final int MAX_TABLE_BITS = 16;
    private static final short NOT_ENDED = -1;
    private static final short FAULT = -2;

    private final FsmDefinition definition;
    private final Inputs inputs;
    private final EaState[] states;
    private final Map<String, State> byName = new HashMap<>();
    private final int inputCount;
    private final int derivedBase;
    private final boolean[][] derivedIn;
    private final int[] derivedThreshold;
    private final int[] derivedCount;
    private final int behaviorOkIndex;
    private final int inErrorIndex;
    private final boolean[] values;
    private final int[] holding;

    private long iteration;
    private boolean lastEnded;
    private boolean lastInError;
    private Throwable lastFailure;

    public EaMachine(FsmDefinition definition, Map<String, ? extends Behavior> behaviors, Inputs inputs) {
        this.definition = definition;
        this.inputs = inputs;
        List<StateDefinition> defs = definition.states();
        Map<String, Integer> stateIndex = new HashMap<>();
        for (int s = 0; s < defs.size(); s++) {
            stateIndex.put(defs.get(s).name(), s);
        }
        Map<String, Integer> predicateIndex = new HashMap<>();
        inputCount = definition.inputs().size();
        for (int i = 0; i < inputCount; i++) {
            predicateIndex.put(definition.inputs().get(i).name(), i);
        }
        derivedBase = inputCount;
        List<DerivedPredicate> derived = definition.derived();
        derivedIn = new boolean[derived.size()][defs.size()];
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

        states = new EaState[defs.size()];
        int maxTransitions = 0;
        for (int s = 0; s < defs.size(); s++) {
            states[s] = new EaState(s, defs.get(s), behaviors, predicateIndex);
            byName.put(defs.get(s).name(), states[s]);
            maxTransitions = Math.max(maxTransitions, defs.get(s).transitions().size());
        }
        holding = new int[maxTransitions];
    }

    /** One state of the FSM as an executor state. */
    private final class EaState extends BaseState {
        private final int index;
        private final String name;
        private final Behavior[] behaviors;
        private final CompiledCondition terminal;
        private final CompiledCondition error;
        private final String[] targets;
        private final CompiledCondition[] initialConditions;
        /** The predicates this state's ε, τ and σ's read (IN_ERROR aside), and its decision for each combination of them. */
        private final int[] read;
        private final short[] decisions;
        private int iterationInState;

        EaState(int index, StateDefinition def, Map<String, ? extends Behavior> all, Map<String, Integer> predicateIndex) {
            this.index = index;
            this.name = def.name();
            this.behaviors = def.behaviors().stream().map(all::get).toArray(Behavior[]::new);
            this.terminal = CompiledCondition.compile(def.terminalCondition(), predicateIndex);
            this.error = CompiledCondition.compile(def.errorCondition(), predicateIndex);
            List<TransitionDefinition> ts = def.transitions();
            this.targets = ts.stream().map(TransitionDefinition::target).toArray(String[]::new);
            this.initialConditions = ts.stream().map(t -> CompiledCondition.compile(t.initialCondition(), predicateIndex))
                    .toArray(CompiledCondition[]::new);
            Set<Integer> names = new TreeSet<>();
            names.add(behaviorOkIndex);
            collect(def.terminalCondition(), predicateIndex, names);
            collect(def.errorCondition(), predicateIndex, names);
            ts.forEach(t -> collect(t.initialCondition(), predicateIndex, names));
            names.remove(inErrorIndex);
            this.read = names.size() <= MAX_TABLE_BITS ? names.stream().mapToInt(Integer::intValue).toArray() : null;
            this.decisions = read == null ? null : decide();
        }

        /**
         * Every outcome of this state's conditions, once at load so a step is a table lookup: per
         * combination of the predicates read, NOT_ENDED, FAULT, or the chosen transition (shifted left
         * one) with IN_ERROR in bit 0.
         */
        private short[] decide() {
            boolean[] v = new boolean[values.length];
            short[] table = new short[1 << read.length];
            for (int mask = 0; mask < table.length; mask++) {
                for (int k = 0; k < read.length; k++) {
                    v[read[k]] = (mask & (1 << k)) != 0;
                }
                boolean inError = !v[behaviorOkIndex] || error.eval(v);
                v[inErrorIndex] = inError;
                if (!(inError || terminal.eval(v))) {
                    table[mask] = NOT_ENDED;
                    continue;
                }
                int chosen = -1;
                int count = 0;
                for (int t = 0; t < initialConditions.length; t++) {
                    if (initialConditions[t].eval(v)) {
                        chosen = t;
                        count++;
                    }
                }
                table[mask] = count == 1 ? (short) (chosen << 1 | (inError ? 1 : 0)) : FAULT;
            }
            return table;
        }

        @Override
        public void start(StateContext context) {
            iterationInState = 0;
        }

        @Override
        public boolean run(StateContext context) {
            boolean behaviorsOk = true;
            for (Behavior b : behaviors) {
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
                derivedCount[d] = derivedIn[d][index] ? (derivedCount[d] == Integer.MAX_VALUE ? derivedCount[d] : derivedCount[d] + 1) : 0;
                values[derivedBase + d] = derivedCount[d] > derivedThreshold[d];
            }
            for (int i = 0; i < inputCount; i++) {
                values[i] = inputs.input(i);
            }
            boolean behaviorOk = behaviorsOk && inputs.currentBehaviorOk();
            values[behaviorOkIndex] = behaviorOk;
            if (decisions != null) {
                int mask = 0;
                for (int k = 0; k < read.length; k++) {
                    if (values[read[k]]) {
                        mask |= 1 << k;
                    }
                }
                short decision = decisions[mask];
                if (decision != FAULT) {
                    boolean ended = decision != NOT_ENDED;
                    boolean inError = ended && (decision & 1) != 0;
                    values[inErrorIndex] = inError;
                    lastEnded = ended;
                    lastInError = inError;
                    iteration++;
                    if (!ended) {
                        iterationInState++;
                        return false;
                    }
                    output(targets[decision >> 1]);
                    return true;
                }
            }
            boolean inError = !behaviorOk || error.eval(values);
            boolean ended = inError || terminal.eval(values);
            values[inErrorIndex] = inError;
            lastEnded = ended;
            lastInError = inError;
            long thisIteration = iteration++;
            if (!ended) {
                iterationInState++;
                return false;
            }
            int count = 0;
            for (int t = 0; t < initialConditions.length; t++) {
                if (initialConditions[t].eval(values)) {
                    holding[count++] = t;
                }
            }
            if (count != 1) {
                List<String> held = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    held.add(targets[holding[i]]);
                }
                throw new FaultException(new DeterminismFault(thisIteration, name, inError, held, predicateValues()));
            }
            output(targets[holding[0]]);
            return true;
        }

        @Override
        public void teardown(StateContext context) {
            for (Behavior b : behaviors) {
                try {
                    b.terminate();
                } catch (VirtualMachineError e) {
                    throw e;
                } catch (Throwable t) {
                    lastFailure = t;
                }
            }
        }
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

    @Override
    public Set<String> names() {
        return byName.keySet();
    }

    @Override
    public State create(String name) {
        State s = byName.get(name);
        if (s == null) {
            throw new IllegalArgumentException("no state '" + name + "' in " + definition.name());
        }
        return s;
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

    /** The names of the predicate values {@link #predicateBits()} packs, in bit order. */
    public List<String> predicateNames() {
        return List.copyOf(predicateValues().keySet());
    }

    /** The last iteration's predicate values packed into a long (bit i: the i-th of {@link #predicateNames()}; the first 64). */
    public long predicateBits() {
        long bits = 0;
        for (int i = 0; i < values.length && i < 64; i++) {
            if (values[i]) {
                bits |= 1L << i;
            }
        }
        return bits;
    }

    public void reset() {
        iteration = 0;
        lastEnded = false;
        lastInError = false;
        lastFailure = null;
        Arrays.fill(derivedCount, 0);
        Arrays.fill(values, false);
    }

    /** Iterations run so far. */
    public long iteration() {
        return iteration;
    }

    public boolean lastEnded() {
        return lastEnded;
    }

    public boolean lastInError() {
        return lastInError;
    }

    public Throwable lastFailure() {
        return lastFailure;
    }

    /** Iterations the named state has run since it was selected. */
    public int iterationInState(String state) {
        return ((EaState) byName.get(state)).iterationInState;
    }
}
