package org.embodia.fsm.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.fsm.engine.internal.EaTable;

/**
 * Runs an Embodied Agent FSM definition with the method's work-cycle (RAPP Core Agent specification
 * §2.2, fig. 3; FABRIC's order). The caller receives the subsystem's inputs, then one {@link #step()}:
 * <ol>
 * <li>the current state's error condition ε, then its terminal condition τ, are checked on the
 * predicates of the inputs just received (the initial state is current from the start);</li>
 * <li>if either holds, exactly one initial condition σ of the state's transitions must hold
 * ({@code IN_ERROR} tells them whether ε ended it) and selects the next state, which becomes current;
 * none or several is a {@link DeterminismFault} that stops the FSM and runs no behaviour;</li>
 * <li>the current state's behaviours run once, on those same inputs: a state just selected runs its
 * first iteration (the spec's i0) before its own conditions are checked in the next step.</li>
 * </ol>
 * The caller then sends the outputs. So a status received in a pass is acted on in that pass.
 *
 * <p>A behaviour that throws makes {@code CURRENT_BEHAVIOR_OK} false at the next check; it ends its
 * state only where that state's ε reads it. Table-driven ({@link EaTable}): a step allocates nothing
 * until a fault. Not thread-safe: one activity steps it; other threads may read {@link #currentState()}.
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

    private static final VarHandle CURRENT;

    static {
        try {
            CURRENT = MethodHandles.lookup().findVarHandle(FsmExecutor.class, "current", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final EaTable table;
    private final InputSource source;
    /** Per state, its behaviours. */
    private final Behavior[][] behaviors;
    /** The decisions by the predicates' mask; null when the definition is too large for one, and each check evaluates. */
    private final short[] nextByMask;
    private final int maskBits;
    private final int inputCount;
    private final int derivedBase;
    private final int behaviorOkIndex;
    /** The last check's predicates when the definition is too large for mask tables, and on a fault. */
    private final boolean[] values;
    private final int[] derivedCount;

    /** Written by the stepping thread with release semantics, read by others with acquire: no fence on the step. */
    private int current;
    /** The last check's predicate values, IN_ERROR included (the first 64). */
    private long bits;
    private int checked = -1;
    private long iteration;
    private int iterationInState;
    private boolean lastEnded;
    /** A behaviour threw in the last pass: CURRENT_BEHAVIOR_OK is false at the next check. */
    private boolean lastRunFailed;
    private volatile Throwable lastFailure;
    private volatile DeterminismFault fault;

    private FsmExecutor(FsmDefinition definition, Map<String, ? extends Behavior> behaviors, InputSource source) {
        this.table = new EaTable(definition);
        this.source = source;
        List<StateDefinition> defs = definition.states();
        this.behaviors = new Behavior[defs.size()][];
        for (int s = 0; s < defs.size(); s++) {
            this.behaviors[s] = defs.get(s).behaviors().stream().map(behaviors::get).toArray(Behavior[]::new);
        }
        this.nextByMask = table.nextByMask();
        this.maskBits = table.maskBits();
        this.inputCount = table.inputCount();
        this.derivedBase = table.derivedBase();
        this.behaviorOkIndex = table.behaviorOkIndex();
        this.values = new boolean[table.predicateCount()];
        this.derivedCount = new int[table.derivedCount()];
        this.current = table.initial();
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
     * One pass on the inputs just received: check the current state, select the next if it ended, run
     * the current state's behaviours.
     *
     * @return false if the FSM is stopped by a determinism fault (this pass's or an earlier one's)
     */
    public boolean step() {
        if (fault != null) {
            return false;
        }
        int state = current;
        checked = state;
        short decision = nextByMask != null ? decideByMask(state) : decideByValues(state);
        long thisIteration = iteration++;
        lastEnded = decision != EaTable.NOT_ENDED;
        boolean inError = values[table.inErrorIndex()];
        if (inError) {
            bits |= 1L << table.inErrorIndex();
        }
        if (decision == EaTable.FAULT) {
            lastRunFailed = false;
            fault = new DeterminismFault(thisIteration, table.stateName(state), inError, table.holding(state, values),
                    predicateValues());
            return false;
        }
        if (lastEnded) {
            terminate(state);
            state = decision >> 1;
            CURRENT.setRelease(this, state);
            iterationInState = 0;
        }
        run(state);
        return true;
    }

    /** The mask of every predicate, looked up in the table; of {@link #values} only IN_ERROR is set, all of them on a fault. */
    private short decideByMask(int state) {
        int mask = 0;
        // Without a branch per input: predicate values change from pass to pass, and mispredicted branches cost more than the rest.
        for (int i = 0; i < inputCount; i++) {
            mask |= (source.input(i) ? 1 : 0) << i;
        }
        for (int d = 0; d < derivedCount.length; d++) {
            if (countDerived(d, state)) {
                mask |= 1 << derivedBase + d;
            }
        }
        if (!lastRunFailed && source.currentBehaviorOk()) {
            mask |= 1 << behaviorOkIndex;
        }
        bits = mask;
        short decision = nextByMask[state << maskBits | mask];
        if (decision == EaTable.FAULT) {
            // The fault's report wants every value and the σ's that held: evaluated, as on the large definitions' path.
            for (int k = 0; k <= behaviorOkIndex; k++) {
                values[k] = (mask & (1 << k)) != 0;
            }
            table.next(state, values);
        } else {
            values[table.inErrorIndex()] = decision >= 0 && (decision & 1) != 0;
        }
        return decision;
    }

    private short decideByValues(int state) {
        for (int i = 0; i < inputCount; i++) {
            values[i] = source.input(i);
        }
        for (int d = 0; d < derivedCount.length; d++) {
            values[derivedBase + d] = countDerived(d, state);
        }
        values[behaviorOkIndex] = !lastRunFailed && source.currentBehaviorOk();
        short decision = table.next(state, values);
        long b = 0;
        for (int i = 0; i < behaviorOkIndex + 1 && i < 64; i++) {
            if (values[i]) {
                b |= 1L << i;
            }
        }
        bits = b;
        return decision;
    }

    /** Derived predicate d at the check of {@code state}: consecutive checks of its states, this one included, exceed its threshold. */
    private boolean countDerived(int d, int state) {
        if (!table.counts(d, state)) {
            derivedCount[d] = 0;
        } else if (derivedCount[d] != Integer.MAX_VALUE) {
            derivedCount[d]++;
        }
        return derivedCount[d] > table.threshold(d);
    }

    private void run(int state) {
        boolean ok = true;
        for (Behavior b : behaviors[state]) {
            try {
                b.step(iterationInState);
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable t) {
                ok = false;
                lastFailure = t;
            }
        }
        lastRunFailed = !ok;
        iterationInState++;
    }

    private void terminate(int state) {
        for (Behavior b : behaviors[state]) {
            try {
                b.terminate();
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable t) {
                lastFailure = t;
            }
        }
    }

    /** The predicate values of the last check by name: inputs, derived, CURRENT_BEHAVIOR_OK, IN_ERROR. */
    public Map<String, Boolean> predicateValues() {
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            out.put(table.predicateName(i), predicate(i));
        }
        return out;
    }

    private boolean predicate(int i) {
        return fault != null || nextByMask == null ? values[i] : (bits >> i & 1) != 0;
    }

    /** The names of the values {@link #predicateBits()} packs, in bit order: inputs, derived, CURRENT_BEHAVIOR_OK, IN_ERROR. */
    public List<String> predicateNames() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            names.add(table.predicateName(i));
        }
        return names;
    }

    /** The last check's predicate values as bits (the first 64), without allocating: for real-time logs. */
    public long predicateBits() {
        return bits;
    }

    /** Back to the initial state, with counters cleared and any fault forgotten. Not for the real-time path. */
    public void reset() {
        CURRENT.setRelease(this, table.initial());
        bits = 0;
        checked = -1;
        iteration = 0;
        iterationInState = 0;
        lastEnded = false;
        lastRunFailed = false;
        lastFailure = null;
        Arrays.fill(derivedCount, 0);
        Arrays.fill(values, false);
        fault = null;
    }

    public FsmDefinition definition() {
        return table.definition();
    }

    /**
     * The current state: the one whose behaviours ran in the last step and whose conditions the next
     * step checks (the initial state before the first); after a fault, the state that faulted.
     */
    public String currentState() {
        return table.stateName((int) CURRENT.getAcquire(this));
    }

    /** The state whose conditions the last step checked, or null before the first. */
    public String lastState() {
        return checked < 0 ? null : table.stateName(checked);
    }

    /** Whether the last step's check ended the state it checked. */
    public boolean lastEnded() {
        return lastEnded;
    }

    /** Whether the last step's check ended its state through the error condition. */
    public boolean lastInError() {
        return values[table.inErrorIndex()];
    }

    /** Whether a behaviour threw in the last step (CURRENT_BEHAVIOR_OK will be false at the next check). */
    public boolean lastRunFailed() {
        return lastRunFailed;
    }

    /** Steps taken so far, the one that faulted included. */
    public long iteration() {
        return iteration;
    }

    /** Iterations the current state's behaviours have run since it was selected (1 after its i0). */
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
