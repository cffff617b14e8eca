package org.embodia.nao.ls;

import java.util.List;
import java.util.function.UnaryOperator;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.CommandIntake;
import org.embodia.api.behavior.Memory;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.api.LsEffectorStatus;
import org.embodia.nao.api.LsStatus;
import org.osgi.service.component.annotations.Component;

/**
 * e_core,ls, {@code core/a.ls/ve} (seed 001 §3.2): the RAPP core agent's loudspeaker virtual
 * effector. It takes cs's commands, checks them, and passes them to NAOqi's ALTextToSpeech and
 * ALAudioPlayer as the behaviours' transition functions say; cs gets reply when a synthesis ends and
 * the values it asked for. Its behaviours are services of their own (package {@code behaviors});
 * this class holds the buffers, the memory and what the behaviours share.
 *
 * <p>Buffers:
 * <ul>
 * <li>{@code command} ({@link LsCommand}), from cs: cmd and its arguments, each command sent once;</li>
 * <li>{@code status} ({@link LsStatus}), to cs only in a step that assigns reply, value or a rejection (the spec's dash otherwise);</li>
 * <li>{@code re_command} ({@link LsEffectorCommand}), to the real effector: at a behaviour's i0 and on STOP;</li>
 * <li>{@code re_status} ({@link LsEffectorStatus}), from the real effector: synthesized, value.</li>
 * </ul>
 *
 * <p>One pass per 20 ms step: the scheduler receives every input, steps the FSM, then calls
 * {@link #endIteration()}, which sends cs what the step assigned and commits the memory (s^(i+1)
 * becomes s^i).
 */
@Component(service = {Subsystem.class, NaoLs.class})
public final class NaoLs implements Subsystem {
    public static final String NAME = "core/a.ls/ve";

    final InputBuffer<LsCommand> command = new InputBuffer<>("command", LsCommand.class, LsCommand::new);
    final InputBuffer<LsEffectorStatus> reStatus = new InputBuffer<>("re_status", LsEffectorStatus.class, LsEffectorStatus::new);
    final OutputBuffer<LsEffectorCommand> reCommand = new OutputBuffer<>("re_command", LsEffectorCommand.class, LsEffectorCommand::new);
    final OutputBuffer<LsStatus> status = new OutputBuffer<>("status", LsStatus.class, LsStatus::new);

    private final Memory<LsMemory> memory = new Memory<>(LsMemory::new);
    private final CommandIntake<LsCommand> intake;

    /** The real effector's counters as seen in the previous step: a change is new(synthesized), new(value). */
    private long seenSynthesizedSeq;
    private long seenValueSeq;
    private boolean stopAtStart;
    private boolean statusAssigned;

    public NaoLs() {
        this(LsCommandCheck::localFileProblem);
    }

    /** @param fileProblem what keeps the file at a path from being played, null when nothing does */
    NaoLs(UnaryOperator<String> fileProblem) {
        intake = new CommandIntake<>(command, LsCommand::new, c -> LsCommandCheck.check(c, fileProblem));
    }

    @Override
    public SubsystemName name() {
        return SubsystemName.parse(NAME);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return List.of(command, reStatus);
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return List.of(status, reCommand);
    }

    @Override
    public String fsm() {
        return "nao.ls";
    }

    @Override
    public Predicates predicates() {
        return Predicates.builder()
                .add("cmdValid", this::commandValid)
                .add("cmdSay", () -> commandIs(LsCommand.Cmd.SAY))
                .add("cmdPlay", () -> commandIs(LsCommand.Cmd.PLAY))
                .add("cmdStop", () -> commandIs(LsCommand.Cmd.STOP))
                .add("cmdSetParams", () -> commandIs(LsCommand.Cmd.SET_PARAMS))
                .add("cmdGet", () -> commandIs(LsCommand.Cmd.GET))
                .add("tm", () -> memory.current().tm)
                .build();
    }

    @Override
    public void endIteration() {
        if (statusAssigned) {
            status.send();
            statusAssigned = false;
        }
        LsEffectorStatus s = reStatus.get();
        seenSynthesizedSeq = s.synthesizedSeq;
        seenValueSeq = s.valueSeq;
        memory.commit();
        intake.endIteration();
    }

    /** cx e^i[cmd] = {@code cmd}: a command arrived from cs in this step (cs sends each once) and it is {@code cmd}. */
    public boolean commandIs(LsCommand.Cmd cmd) {
        return intake.arrived() && intake.command().cmd == cmd;
    }

    /** A command arrived from cs in this step and passes {@link LsCommandCheck}. */
    public boolean commandValid() {
        return intake.valid();
    }

    /** Why the command that arrived in this step is rejected, or null (also when none arrived); checked once per step. */
    public String rejection() {
        return intake.rejection();
    }

    /**
     * Idle's answer to a new command: a valid one is kept for the behaviour it selects and clears
     * the last rejection (cs sees that with the next status); an invalid one goes no further, and cs
     * learns why in this step.
     */
    public void acceptOrReject() {
        if (!intake.arrived()) {
            return;
        }
        LsStatus s = status.message();
        String reason = intake.accept();
        if (reason == null) {
            s.reason = null;
        } else {
            s.reason = reason;
            s.reasonSeq++;
            statusAssigned = true;
        }
    }

    /** The command idle accepted last: the arguments cx e^(i0)[arg] the running behaviour started with. */
    public LsCommand commanded() {
        return intake.accepted();
    }

    /**
     * cx e^i[cmd] = STOP, for i ≠ i0, in behaviour iteration {@code iteration}; call once per step.
     * A STOP that arrives at i0 itself, while the start command goes out, counts at i0 + 1 rather
     * than being lost (otherwise a SAY quickly followed by STOP would speak on).
     */
    public boolean stop(int iteration) {
        boolean now = commandIs(LsCommand.Cmd.STOP);
        if (iteration == 0) {
            stopAtStart = now;
            return false;
        }
        boolean held = iteration == 1 && stopAtStart;
        stopAtStart = false;
        return now || held;
    }

    /** Ex e^i[synthesized] = TRUE, newly assigned: a TRUE left from an earlier synthesis does not count. */
    public boolean synthesized() {
        LsEffectorStatus s = reStatus.get();
        return s.synthesizedSeq != seenSynthesizedSeq && s.synthesized;
    }

    /**
     * new(Ex e^i[synthesized]) with the value FALSE: NAOqi's side ended the synthesis without
     * speaking (it refused the text or language, or another sound cut it short). The seed names only
     * TRUE; waiting on for a TRUE that cannot come would hold say, and cs, for ever.
     */
    public boolean synthesisFailed() {
        LsEffectorStatus s = reStatus.get();
        return s.synthesizedSeq != seenSynthesizedSeq && !s.synthesized;
    }

    /** new(Ex e^i[value]). */
    public boolean valueNew() {
        return reStatus.get().valueSeq != seenValueSeq;
    }

    /** e e^i: the memory as this step found it. */
    public LsMemory memory() {
        return memory.current();
    }

    /** e e^(i+1): the memory this step leaves; a field not written keeps its value. */
    public LsMemory nextMemory() {
        return memory.next();
    }

    /** Clears tm when a behaviour's state ends, so the next behaviour starts from tm = FALSE, as its i0 assignment assumes. */
    public void endBehavior() {
        memory.next().tm = false;
    }

    /** Ey e^(i+1): the command to fill before {@link #sendEffectorCommand()}; it keeps what earlier commands left. */
    public LsEffectorCommand effectorCommand() {
        return reCommand.message();
    }

    public void sendEffectorCommand() {
        reCommand.send();
    }

    /** cy e^(i+1)[reply] = TRUE when the text was spoken (or STOP ended it), FALSE when the synthesis failed. */
    public void passReply(boolean spoken) {
        LsStatus s = status.message();
        s.reply = spoken;
        s.replySeq++;
        statusAssigned = true;
    }

    /** cy e^(i+1)[value] = Ex e^i[value]. */
    public void passValue() {
        LsStatus s = status.message();
        s.value.copyFrom(reStatus.get().value);
        s.valueSeq++;
        statusAssigned = true;
    }
}
