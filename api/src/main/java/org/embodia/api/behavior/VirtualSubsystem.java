package org.embodia.api.behavior;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

import org.embodia.api.agent.SubsystemKind;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A virtual effector or virtual receptor of the Embodied Agent ([RAPP] §2, fig. 2): the subsystem
 * between the control subsystem cs and one real effector or receptor: a {@link ControlSubsystem} whose buffers are
 * the four the method gives it. It holds what all of them share, so that a subclass writes only what its own
 * transition functions assign:
 * <ul>
 * <li>the buffers {@code command} (C) from cs, {@code status} (S) to cs, {@code re_command} (RC) to the
 * real effector or receptor and {@code re_status} (RS) from it;</li>
 * <li>the internal memory, s^i and s^(i+1) ({@link Memory}), and its termination marker tm;</li>
 * <li>cs's commands, taken through a {@link CommandIntake}: the FSM's predicates cmdValid and tm, idle's
 * {@link #acceptOrReject()} with a rejection's reason to cs, and the command the running behaviour
 * started from ({@link #commanded()}), taken in the pass whose check selected it;</li>
 * <li>the status to cs, sent only in a step that assigned something to it (the spec's dash
 * otherwise);</li>
 * <li>new(x) of the fields the real side counts as it assigns them ({@link #counted}).</li>
 * </ul>
 * The spec writes e for a virtual effector and r for a virtual receptor (cx e^i, Ey e^(i+1), ...); the
 * names below leave the letter out.
 *
 * <p>One pass per step, in the method's work-cycle: the scheduler receives every input, steps the FSM
 * (the current behaviour's conditions are checked on what was received, and the behaviour they select
 * runs on it), then calls {@link #endIteration()}, which sends cs what the step assigned, notes the
 * real side's counts and commits the memory (s^(i+1) becomes s^i). Nothing here allocates in a step.
 *
 * @param <C> the command from cs
 * @param <S> the status to cs
 * @param <RC> the command to the real effector or receptor
 * @param <RS> the status from the real effector or receptor
 * @param <M> the internal memory
 */
@ConsumerType
public abstract class VirtualSubsystem<C extends Message<C>, S extends Message<S>, RC extends Message<RC>, RS extends Message<RS>,
        M extends TmMemory<M>> extends ControlSubsystem<M> {

    /** Where the status to cs carries why cs's last command was rejected. */
    @FunctionalInterface
    public interface ReasonField<S> {
        /**
         * @param status the status to cs
         * @param reason why the last command was rejected; null once a command is accepted
         * @param reasonSeq how many reasons cs has been given so far: a change is new(reason)
         */
        void write(S status, String reason, long reasonSeq);
    }

    /**
     * A field x of the real side's status that the real side counts each time it assigns it (e.g. value
     * and valueSeq): new(x) holds when the count changed since the previous step.
     */
    public final class CountedField {
        private final ToLongFunction<? super RS> count;
        /** The count as the previous step left it; the real side's counts start at 0. */
        private long seen;

        private CountedField(ToLongFunction<? super RS> count) {
            this.count = count;
        }

        /** new(Ex^i[x]) or new(Rx^i[x]): the real side assigned x since the previous step. */
        public boolean isNew() {
            return count.applyAsLong(reStatus.get()) != seen;
        }
    }

    private final InputBuffer<C> command;
    private final OutputBuffer<S> status;
    private final OutputBuffer<RC> reCommand;
    private final InputBuffer<RS> reStatus;
    private final CommandIntake<C> intake;
    private final ReasonField<? super S> reason;
    /** Filled while the subclass is constructed, read by index in each step (an iterator would allocate). */
    private final List<CountedField> counted = new ArrayList<>();
    private long rejections;
    private boolean statusAssigned;
    /** Idle ran in this pass; it ran in the previous one, so a valid command arriving now leaves it. */
    private boolean idleRan;
    private boolean idleBefore = true;

    /**
     * @param name the subsystem's full name, e.g. {@code core/a.ls/ve}
     * @param fsm the name of its FSM definition
     * @param check returns why a command from cs is rejected, or null when it is valid
     * @param reason where the status carries a rejection's reason
     * @throws IllegalArgumentException if {@code name} is not the full name of a virtual effector or receptor
     */
    protected VirtualSubsystem(String name, String fsm, Class<C> commandType, Supplier<C> newCommand, Class<S> statusType,
            Supplier<S> newStatus, Class<RC> reCommandType, Supplier<RC> newReCommand, Class<RS> reStatusType, Supplier<RS> newReStatus,
            Supplier<M> newMemory, Function<? super C, String> check, ReasonField<? super S> reason) {
        super(name, fsm, newMemory);
        SubsystemKind kind = name().kind();
        if (kind != SubsystemKind.VIRTUAL_EFFECTOR && kind != SubsystemKind.VIRTUAL_RECEPTOR) {
            throw new IllegalArgumentException("'" + name + "' names a subsystem of kind " + kind.suffix()
                    + "; a virtual effector's name ends in /ve, a virtual receptor's in /vr");
        }
        this.command = input("command", commandType, newCommand);
        this.status = output("status", statusType, newStatus);
        this.reCommand = output("re_command", reCommandType, newReCommand);
        this.reStatus = input("re_status", reStatusType, newReStatus);
        this.intake = new CommandIntake<>(command, newCommand, check);
        this.reason = reason;
    }

    /** cmdValid, the subclass's {@link #commandPredicates command predicates}, and tm (e^i[tm] or r^i[tm]). */
    @Override
    protected final void predicates(Predicates.Builder predicates) {
        predicates.add("cmdValid", this::takeValidCommand);
        commandPredicates(predicates);
        predicates.add("tm", () -> memory().tm);
    }

    /** Adds the predicates cx^i[cmd] = ... that the FSM definition names, e.g. cmdGet, through {@link #commandIs}. */
    protected abstract void commandPredicates(Predicates.Builder predicates);

    /**
     * cmdValid, read when the pass's conditions are checked: a valid command that arrives while idle ends
     * idle, and the behaviour it selects runs its i0 in the same pass, so the command is taken here, as
     * that behaviour's cx^(i0)[arg], and cs's last rejection is cleared.
     */
    private boolean takeValidCommand() {
        boolean valid = intake.valid();
        if (valid && idleBefore) {
            intake.accept();
            reason.write(status.message(), null, rejections);
        }
        return valid;
    }

    /** Sends cs what the step assigned and notes the real side's counts; the memory is committed after this. */
    @Override
    protected final void iterationEnded() {
        idleBefore = idleRan;
        idleRan = false;
        if (statusAssigned) {
            sendStatus();
        }
        RS r = reStatus.get();
        for (int k = 0; k < counted.size(); k++) {
            CountedField field = counted.get(k);
            field.seen = field.count.applyAsLong(r);
        }
        intake.endIteration();
    }

    /** The buffer {@code command}, for wiring: behaviours read cs's commands through this class. */
    public final InputBuffer<C> commandBuffer() {
        return command;
    }

    /** The buffer {@code status}, for wiring. */
    public final OutputBuffer<S> statusBuffer() {
        return status;
    }

    /** The buffer {@code re_command}, for wiring. */
    public final OutputBuffer<RC> reCommandBuffer() {
        return reCommand;
    }

    /** The buffer {@code re_status}, for wiring. */
    public final InputBuffer<RS> reStatusBuffer() {
        return reStatus;
    }

    /**
     * cx^i[cmd] = ...: a command arrived from cs in this step (cs sends each once) and {@code test} holds
     * for it, e.g. {@code c -> c.cmd == Cmd.GET} (a lambda that captures nothing is made once).
     */
    public final boolean commandIs(Predicate<? super C> test) {
        return intake.arrived(test);
    }

    /** Why the command that arrived in this step is rejected, or null (also when none arrived); checked once per step. */
    public final String rejection() {
        return intake.rejection();
    }

    /**
     * Idle's transition function for cs's commands, called by idle in every pass it runs: an invalid
     * command goes no further, and cs learns why in this pass; a valid one that idle does not end on is
     * kept. (A valid command arriving in the pass after idle ran is taken when the conditions are checked,
     * for the behaviour it selects.)
     */
    public final void acceptOrReject() {
        idleRan = true;
        if (!intake.arrived()) {
            return;
        }
        String rejection = intake.accept();
        if (rejection == null) {
            reason.write(status.message(), null, rejections);
        } else {
            passReason(rejection);
        }
    }

    /** Tells cs, in this step, why a command goes no further. */
    public final void passReason(String why) {
        rejections++;
        reason.write(assignStatus(), why, rejections);
    }

    /** The command idle accepted last: the arguments cx^(i0)[arg] the running behaviour started with. */
    public final C commanded() {
        return intake.accepted();
    }

    /** Clears tm when a behaviour's state ends, so the next behaviour starts from tm = FALSE, as its i0 assignment assumes. */
    public void endBehavior() {
        nextMemory().tm = false;
    }

    /** Ex^i or Rx^i: the real effector's or receptor's latest report. */
    public final RS reStatus() {
        return reStatus.get();
    }

    /** Ey^(i+1) or Ry^(i+1): the command to fill before {@link #sendReCommand()}; it keeps what earlier commands left. */
    public final RC reCommand() {
        return reCommand.message();
    }

    public final void sendReCommand() {
        reCommand.send();
    }

    /** Registers a field the real side counts, by its count (e.g. {@code s -> s.valueSeq}); while constructing only. */
    protected final CountedField counted(ToLongFunction<? super RS> count) {
        CountedField field = new CountedField(count);
        counted.add(field);
        return field;
    }

    /** cy^(i+1): the status to cs, to fill with what this step assigns; it is sent at the end of the step. */
    protected final S assignStatus() {
        statusAssigned = true;
        return status.message();
    }

    /** Sends cs the status now; {@link #endIteration()} does it for a step that assigned something and sent nothing. */
    protected void sendStatus() {
        status.send();
        statusAssigned = false;
    }
}
