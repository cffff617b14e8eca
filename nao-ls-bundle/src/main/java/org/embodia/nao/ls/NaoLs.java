package org.embodia.nao.ls;

import java.util.function.UnaryOperator;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.behavior.VirtualSubsystem;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.api.LsEffectorStatus;
import org.embodia.nao.api.LsStatus;
import org.osgi.service.component.annotations.Component;

/**
 * e_core,ls, {@code core/a.ls/ve} ([RAPP] §3.2): the RAPP core agent's loudspeaker virtual
 * effector. It takes cs's commands, checks them, and passes them to NAOqi's ALTextToSpeech and
 * ALAudioPlayer as the behaviours' transition functions say; cs gets reply when a synthesis ends and
 * the values it asked for. Its behaviours are services of their own (package {@code behaviors});
 * this class adds to the plumbing {@link VirtualSubsystem} shares what they share of their own.
 *
 * <p>Buffers:
 * <ul>
 * <li>{@code command} ({@link LsCommand}), from cs: cmd and its arguments, each command sent once;</li>
 * <li>{@code status} ({@link LsStatus}), to cs only in a step that assigns reply, value or a rejection (the spec's dash otherwise);</li>
 * <li>{@code re_command} ({@link LsEffectorCommand}), to the real effector: at a behaviour's i0 and on STOP;</li>
 * <li>{@code re_status} ({@link LsEffectorStatus}), from the real effector: synthesized, value.</li>
 * </ul>
 *
 * <p>One pass per 20 ms step, as {@link VirtualSubsystem} describes.
 */
@Component(service = {Subsystem.class, NaoLs.class})
public final class NaoLs extends VirtualSubsystem<LsCommand, LsStatus, LsEffectorCommand, LsEffectorStatus, LsMemory> {
    public static final String NAME = "core/a.ls/ve";

    private final CountedField synthesized = counted(s -> s.synthesizedSeq);
    private final CountedField value = counted(s -> s.valueSeq);

    public NaoLs() {
        this(LsCommandCheck::localFileProblem);
    }

    /** @param fileProblem what keeps the file at a path from being played, null when nothing does */
    NaoLs(UnaryOperator<String> fileProblem) {
        super(NAME, "nao.ls", LsCommand.class, LsCommand::new, LsStatus.class, LsStatus::new,
                LsEffectorCommand.class, LsEffectorCommand::new, LsEffectorStatus.class, LsEffectorStatus::new,
                LsMemory::new, c -> LsCommandCheck.check(c, fileProblem), (s, reason, seq) -> { s.reason = reason; s.reasonSeq = seq; });
    }

    @Override
    protected void commandPredicates(Predicates.Builder predicates) {
        predicates.add("cmdSay", () -> commandIs(c -> c.cmd == LsCommand.Cmd.SAY))
                .add("cmdPlay", () -> commandIs(c -> c.cmd == LsCommand.Cmd.PLAY))
                .add("cmdStop", () -> commandIs(c -> c.cmd == LsCommand.Cmd.STOP))
                .add("cmdSetParams", () -> commandIs(c -> c.cmd == LsCommand.Cmd.SET_PARAMS))
                .add("cmdGet", () -> commandIs(c -> c.cmd == LsCommand.Cmd.GET));
    }

    /**
     * cx e^i[cmd] = STOP, which say reads for i ≠ i0: at i0 the command that arrived is the SAY that
     * started it, so a STOP cs sends on seeing say start arrives at i0 + 1 at the earliest.
     */
    public boolean stop() {
        return commandIs(c -> c.cmd == LsCommand.Cmd.STOP);
    }

    /** Ex e^i[synthesized] = TRUE, newly assigned: a TRUE left from an earlier synthesis does not count. */
    public boolean synthesized() {
        return synthesized.isNew() && reStatus().synthesized;
    }

    /**
     * new(Ex e^i[synthesized]) with the value FALSE: NAOqi's side ended the synthesis without
     * speaking (it refused the text or language, or another sound cut it short). [RAPP] names only
     * TRUE; waiting on for a TRUE that cannot come would hold say, and cs, for ever.
     */
    public boolean synthesisFailed() {
        return synthesized.isNew() && !reStatus().synthesized;
    }

    /** new(Ex e^i[value]). */
    public boolean valueNew() {
        return value.isNew();
    }

    /** cy e^(i+1)[reply] = TRUE when the text was spoken (or STOP ended it), FALSE when the synthesis failed. */
    public void passReply(boolean spoken) {
        LsStatus s = assignStatus();
        s.reply = spoken;
        s.replySeq++;
    }

    /** cy e^(i+1)[value] = Ex e^i[value]. */
    public void passValue() {
        LsStatus s = assignStatus();
        s.value.copyFrom(reStatus().value);
        s.valueSeq++;
    }
}
