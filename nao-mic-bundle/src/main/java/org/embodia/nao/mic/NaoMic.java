package org.embodia.nao.mic;

import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.CommandIntake;
import org.embodia.api.behavior.Memory;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.MicReceptorStatus;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.api.RecognizedWords;
import org.osgi.service.component.annotations.Component;

/**
 * r_core,mic, {@code core/a.mic/vr} (seed 001 §3.3): the RAPP core agent's microphone virtual
 * receptor. It takes cs's commands, checks them, and drives NAOqi's recording, energy computation
 * and speech recognition as the behaviours' transition functions say; cs gets rec when a recording
 * ends, the recognized word and the values it asked for. Its behaviours are services of their own
 * (package {@code behaviors}); this class holds the buffers, the memory and what the behaviours share.
 *
 * <p>Buffers:
 * <ul>
 * <li>{@code command} ({@link MicCommand}), from cs: cmd and its arguments, each command sent once;</li>
 * <li>{@code status} ({@link MicStatus}), to cs only in a step that assigns rec, rw, value or a rejection (the spec's dash otherwise);</li>
 * <li>{@code re_command} ({@link MicReceptorCommand}), to the real receptor: at i0 and when the transition functions say;</li>
 * <li>{@code re_status} ({@link MicReceptorStatus}), from the real receptor: enrg every step, value and rw when assigned.</li>
 * </ul>
 *
 * <p>One pass per step: the scheduler receives every input, steps the FSM, then calls
 * {@link #endIteration()}, which sends cs what the step assigned and commits the memory (s^(i+1)
 * becomes s^i).
 */
@Component(service = {Subsystem.class, NaoMic.class})
public final class NaoMic implements Subsystem {
    public static final String NAME = "core/a.mic/vr";
    /** r_core,mic's sampling period, s: NAOqi's 50 Hz control step (seed 001 footnote 3). */
    public static final double SAMPLING_PERIOD = 0.02;
    /** The ALMemory key recog reads the recognition result from (§3.3.5). */
    public static final String LAST_WORD_RECOGNIZED = "LastWordRecognized";

    final InputBuffer<MicCommand> command = new InputBuffer<>("command", MicCommand.class, MicCommand::new);
    final InputBuffer<MicReceptorStatus> reStatus = new InputBuffer<>("re_status", MicReceptorStatus.class, MicReceptorStatus::new);
    final OutputBuffer<MicReceptorCommand> reCommand = new OutputBuffer<>("re_command", MicReceptorCommand.class, MicReceptorCommand::new);
    final OutputBuffer<MicStatus> status = new OutputBuffer<>("status", MicStatus.class, MicStatus::new);

    private final Memory<MicMemory> memory = new Memory<>(MicMemory::new);
    private final CommandIntake<MicCommand> intake = new CommandIntake<>(command, MicCommand::new, MicCommandCheck::check);

    /** The real receptor's counters as seen in the previous step: a change is new(value), new(rw). */
    private long seenValueSeq;
    private long seenRwSeq;
    private boolean statusAssigned;

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
        return "nao.mic";
    }

    @Override
    public Predicates predicates() {
        return Predicates.builder()
                .add("cmdValid", this::commandValid)
                .add("cmdRecord", () -> commandIs(MicCommand.Cmd.RECORD))
                .add("cmdRegister", () -> commandIs(MicCommand.Cmd.REGISTER))
                .add("cmdRecognize", () -> commandIs(MicCommand.Cmd.RECOGNIZE))
                .add("cmdGet", () -> commandIs(MicCommand.Cmd.GET))
                .add("tm", () -> memory.current().tm)
                .build();
    }

    @Override
    public void endIteration() {
        if (statusAssigned) {
            status.send();
            statusAssigned = false;
        }
        MicReceptorStatus s = reStatus.get();
        seenValueSeq = s.valueSeq;
        seenRwSeq = s.rwSeq;
        memory.commit();
        intake.endIteration();
    }

    /** cx r^i[cmd] = {@code cmd}: a command arrived from cs in this step (cs sends each once) and it is {@code cmd}. */
    public boolean commandIs(MicCommand.Cmd cmd) {
        return intake.arrived() && intake.command().cmd == cmd;
    }

    /** A command arrived from cs in this step and passes {@link MicCommandCheck}. */
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
        MicStatus s = status.message();
        String reason = intake.accept();
        if (reason == null) {
            s.reason = null;
        } else {
            s.reason = reason;
            s.reasonSeq++;
            statusAssigned = true;
        }
    }

    /** The command idle accepted last: the arguments cx r^(i0)[arg] the running behaviour started with. */
    public MicCommand commanded() {
        return intake.accepted();
    }

    /** {@code seconds} in steps of the commanded sampling_period: time or st over sampling_period. */
    public int iterations(double seconds) {
        return MicCommandCheck.iterations(seconds, intake.accepted().samplingPeriod);
    }

    /**
     * Rx r^i[enrg] ≥ cx r^i[arg[enrg]]: some microphone's energy reaches the commanded threshold. A
     * NaN energy reaches no threshold, so a broken reading cannot keep a registration going forever.
     */
    public boolean loud() {
        double[] enrg = reStatus.get().enrg;
        for (int k = 0; k < MicParams.MICROPHONES; k++) {
            if (enrg[k] >= intake.accepted().enrg) {
                return true;
            }
        }
        return false;
    }

    /** new(Rx r^i[value]). */
    public boolean valueNew() {
        return reStatus.get().valueSeq != seenValueSeq;
    }

    /** new(Rx r^i[rw]). */
    public boolean rwNew() {
        return reStatus.get().rwSeq != seenRwSeq;
    }

    /** r r^i: the memory as this step found it. */
    public MicMemory memory() {
        return memory.current();
    }

    /** r r^(i+1): the memory this step leaves; a field not written keeps its value. */
    public MicMemory nextMemory() {
        return memory.next();
    }

    /** Clears tm when a behaviour's state ends, so the next behaviour starts from tm = FALSE, as its i0 assignment assumes. */
    public void endBehavior() {
        memory.next().tm = false;
    }

    /** Ry r^(i+1): the command to fill before {@link #sendReceptorCommand()}; it keeps what earlier commands left. */
    public MicReceptorCommand receptorCommand() {
        return reCommand.message();
    }

    public void sendReceptorCommand() {
        reCommand.send();
    }

    /** cy r^(i+1)[rec] = TRUE. */
    public void passRec() {
        MicStatus s = status.message();
        s.rec = true;
        s.recSeq++;
        statusAssigned = true;
    }

    /**
     * cy r^(i+1)[rw] = fst(Rx r^i[rw]) when its recog_prob reaches {@code threshold}, else Empty (also
     * when the recognition heard nothing).
     */
    public void passRecognizedWord(double threshold) {
        RecognizedWords rw = reStatus.get().rw;
        MicStatus s = status.message();
        s.rw = rw.count > 0 && rw.recogProb[0] >= threshold ? rw.recogWord[0] : MicStatus.EMPTY;
        s.rwSeq++;
        statusAssigned = true;
    }

    /** cy r^(i+1)[value] = Rx r^i[value]. */
    public void passValue() {
        MicStatus s = status.message();
        s.value.copyFrom(reStatus.get().value);
        s.valueSeq++;
        statusAssigned = true;
    }
}
