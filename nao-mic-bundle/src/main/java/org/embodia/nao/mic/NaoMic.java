package org.embodia.nao.mic;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.behavior.VirtualSubsystem;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.MicReceptorStatus;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.api.RecognizedWords;
import org.osgi.service.component.annotations.Component;

/**
 * r_core,mic, {@code core/a.mic/vr} ([RAPP] §3.3): the RAPP core agent's microphone virtual
 * receptor. It takes cs's commands, checks them, and drives NAOqi's recording, energy computation
 * and speech recognition as the behaviours' transition functions say; cs gets rec when a recording
 * ends, the recognized word and the values it asked for. Its behaviours are services of their own
 * (package {@code behaviors}); this class adds to the plumbing {@link VirtualSubsystem} shares what
 * they share of their own.
 *
 * <p>Buffers:
 * <ul>
 * <li>{@code command} ({@link MicCommand}), from cs: cmd and its arguments, each command sent once;</li>
 * <li>{@code status} ({@link MicStatus}), to cs only in a step that assigns rec, rw, value or a rejection (the spec's dash otherwise);</li>
 * <li>{@code re_command} ({@link MicReceptorCommand}), to the real receptor: at i0 and when the transition functions say;</li>
 * <li>{@code re_status} ({@link MicReceptorStatus}), from the real receptor: enrg every step, value and rw when assigned, and a count of the recordings it has ended.</li>
 * </ul>
 *
 * <p>One pass per step, as {@link VirtualSubsystem} describes.
 */
@Component(service = {Subsystem.class, NaoMic.class})
public final class NaoMic extends VirtualSubsystem<MicCommand, MicStatus, MicReceptorCommand, MicReceptorStatus, MicMemory> {
    public static final String NAME = "core/a.mic/vr";
    /** r_core,mic's sampling period, s: NAOqi's 50 Hz control step ([RAPP] footnote 3). */
    public static final double SAMPLING_PERIOD = 0.02;
    /** The ALMemory key recog reads the recognition result from (§3.3.5). */
    public static final String LAST_WORD_RECOGNIZED = "LastWordRecognized";

    private final CountedField value = counted(s -> s.valueSeq);
    private final CountedField rw = counted(s -> s.rwSeq);
    private final CountedField recorded = counted(s -> s.recSeq);

    public NaoMic() {
        super(NAME, "nao.mic", MicCommand.class, MicCommand::new, MicStatus.class, MicStatus::new,
                MicReceptorCommand.class, MicReceptorCommand::new, MicReceptorStatus.class, MicReceptorStatus::new,
                MicMemory::new, MicCommandCheck::check, (s, reason, seq) -> { s.reason = reason; s.reasonSeq = seq; });
    }

    @Override
    protected void commandPredicates(Predicates.Builder predicates) {
        predicates.add("cmdRecord", () -> commandIs(c -> c.cmd == MicCommand.Cmd.RECORD))
                .add("cmdRegister", () -> commandIs(c -> c.cmd == MicCommand.Cmd.REGISTER))
                .add("cmdRecognize", () -> commandIs(c -> c.cmd == MicCommand.Cmd.RECOGNIZE))
                .add("cmdGet", () -> commandIs(c -> c.cmd == MicCommand.Cmd.GET));
    }

    /** An ABORT arrived from cs in this step: recog ends on it, the other behaviours ignore it. */
    public boolean abortArrived() {
        return commandIs(c -> c.cmd == MicCommand.Cmd.ABORT);
    }

    /** {@code seconds} in steps of the commanded sampling_period: time or st over sampling_period. */
    public int iterations(double seconds) {
        return MicCommandCheck.iterations(seconds, commanded().samplingPeriod);
    }

    /**
     * Rx r^i[enrg] ≥ cx r^i[arg[enrg]]: some microphone's energy reaches the commanded threshold. A
     * NaN energy reaches no threshold, so a broken reading cannot keep a registration going forever.
     */
    public boolean loud() {
        double[] enrg = reStatus().enrg;
        for (int k = 0; k < MicParams.MICROPHONES; k++) {
            if (enrg[k] >= commanded().enrg) {
                return true;
            }
        }
        return false;
    }

    /** new(Rx r^i[value]). */
    public boolean valueNew() {
        return value.isNew();
    }

    /** new(Rx r^i[rw]). */
    public boolean rwNew() {
        return rw.isNew();
    }

    /**
     * cy r^(i+1)[rec] = TRUE and tm switches on new(Rx r^i[rec]), once the real receptor has ended the
     * recording, its file complete. NAOqi's stopMicrophonesRecording returns only then, so the spec
     * passes rec in the step that stops; a real receptor that writes the file after the step reports
     * it, and rec waits for the report.
     */
    public void passRecOnceEnded() {
        if (recorded.isNew()) {
            passRec();
            nextMemory().tm = true;
        }
    }

    /** cy r^(i+1)[rec] = TRUE. */
    public void passRec() {
        MicStatus s = assignStatus();
        s.rec = true;
        s.recSeq++;
    }

    /**
     * cy r^(i+1)[rw] = fst(Rx r^i[rw]) when its recog_prob reaches {@code threshold}, else Empty (also
     * when the recognition heard nothing).
     */
    public void passRecognizedWord(double threshold) {
        RecognizedWords rw = reStatus().rw;
        MicStatus s = assignStatus();
        s.rw = rw.count > 0 && rw.recogProb[0] >= threshold ? rw.recogWord[0] : MicStatus.EMPTY;
        s.rwSeq++;
    }

    /** cy r^(i+1)[value] = Rx r^i[value]. */
    public void passValue() {
        MicStatus s = assignStatus();
        s.value.copyFrom(reStatus().value);
        s.valueSeq++;
    }
}
