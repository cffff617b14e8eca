package org.embodia.nao.cam;

import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.CommandIntake;
import org.embodia.api.behavior.Memory;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.api.CamReceptorStatus;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.Image;
import org.osgi.service.component.annotations.Component;

/**
 * r_core,cam, {@code core/a.cam/vr} (seed 001 §3.7): the RAPP core agent's camera virtual receptor.
 * It takes cs's commands, checks them, and drives NAOqi's ALVideoDevice (subscribe, getImageRemote,
 * unsubscribe, setParameter) and ALMemory as the behaviours' transition functions say; cs gets the
 * image in ROS's bgr8 layout and the values it asked for. Its behaviours are services of their own
 * (package {@code behaviors}); this class holds the buffers, the memory and what the behaviours share.
 *
 * <p>Buffers:
 * <ul>
 * <li>{@code command} ({@link CamCommand}), from cs: cmd and its arguments, each command sent once;</li>
 * <li>{@code status} ({@link CamStatus}), to cs only in a step that assigns image, value or a reason (the spec's dash otherwise);</li>
 * <li>{@code re_command} ({@link CamReceptorCommand}), to the real receptor: when the transition functions say;</li>
 * <li>{@code re_status} ({@link CamReceptorStatus}), from the real receptor: name_id, image and value when assigned.</li>
 * </ul>
 * The image buffers hold up to {@link #IMAGE_CAPACITY} bytes: idle refuses larger resolutions.
 *
 * <p>One pass per step: the scheduler receives every input, steps the FSM, then calls
 * {@link #endIteration()}, which sends cs what the step assigned and commits the memory (s^(i+1)
 * becomes s^i).
 */
@Component(service = {Subsystem.class, NaoCam.class})
public final class NaoCam implements Subsystem {
    public static final String NAME = "core/a.cam/vr";
    /** Bytes of pixels an image buffer of r_core,cam holds: a kVGA BGR image, as nao-api's camera messages preallocate. */
    public static final int IMAGE_CAPACITY = Image.VGA_BGR_BYTES;

    final InputBuffer<CamCommand> command = new InputBuffer<>("command", CamCommand.class, CamCommand::new);
    final InputBuffer<CamReceptorStatus> reStatus = new InputBuffer<>("re_status", CamReceptorStatus.class,
            () -> new CamReceptorStatus(IMAGE_CAPACITY));
    final OutputBuffer<CamReceptorCommand> reCommand = new OutputBuffer<>("re_command", CamReceptorCommand.class, CamReceptorCommand::new);
    final OutputBuffer<CamStatus> status = new OutputBuffer<>("status", CamStatus.class, () -> new CamStatus(IMAGE_CAPACITY));

    private final Memory<CamMemory> memory = new Memory<>(CamMemory::new);
    private final CommandIntake<CamCommand> intake = new CommandIntake<>(command, CamCommand::new, CamCommandCheck::check);

    /** The real receptor's counters as seen in the previous step: a change is new(value), new(image), new(name_id). */
    private long seenValueSeq;
    private long seenImageSeq;
    private long seenNameIdSeq;
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
        return "nao.cam";
    }

    @Override
    public Predicates predicates() {
        return Predicates.builder()
                .add("cmdValid", intake::valid)
                .add("cmdImage", () -> intake.arrived(c -> c.cmd == CamCommand.Cmd.IMAGE))
                .add("cmdSetParams", () -> intake.arrived(c -> c.cmd == CamCommand.Cmd.SET_PARAMETERS))
                .add("cmdGet", () -> intake.arrived(c -> c.cmd == CamCommand.Cmd.GET))
                .add("tm", () -> memory.current().tm)
                .build();
    }

    @Override
    public void endIteration() {
        if (statusAssigned) {
            status.send();
            statusAssigned = false;
        }
        CamReceptorStatus s = reStatus.get();
        seenValueSeq = s.valueSeq;
        seenImageSeq = s.imageSeq;
        seenNameIdSeq = s.nameIdSeq;
        memory.commit();
        intake.endIteration();
    }

    /** cs's commands: cx r^i[cmd] as it arrives, and the command idle accepted, cx r^(i0)[arg], for the behaviour it selected. */
    public CommandIntake<CamCommand> intake() {
        return intake;
    }

    /**
     * Idle's answer to the command of this step, given {@link CommandIntake#accept()}'s result: an
     * accepted one clears the last reason (cs sees that with the next status); a rejected one's reason
     * goes to cs in this step.
     */
    public void answer(String rejection) {
        CamStatus s = status.message();
        if (rejection == null) {
            s.reason = null;
        } else {
            passReason(rejection);
        }
    }

    /** Rx r^i: the real receptor's latest report. */
    public CamReceptorStatus receptor() {
        return reStatus.get();
    }

    /** new(Rx r^i[value]). */
    public boolean valueNew() {
        return reStatus.get().valueSeq != seenValueSeq;
    }

    /** new(Rx r^i[image]). */
    public boolean imageNew() {
        return reStatus.get().imageSeq != seenImageSeq;
    }

    /** new(Rx r^i[name_id]). */
    public boolean nameIdNew() {
        return reStatus.get().nameIdSeq != seenNameIdSeq;
    }

    /** r r^i: the memory as this step found it. */
    public CamMemory memory() {
        return memory.current();
    }

    /** r r^(i+1): the memory this step leaves; a field not written keeps its value. */
    public CamMemory nextMemory() {
        return memory.next();
    }

    /**
     * Clears tm when a behaviour's state ends, so the next behaviour starts from tm = FALSE, as its i0
     * assignment assumes, and name_id, whose subscriber image unsubscribed.
     */
    public void endBehavior() {
        memory.next().tm = false;
        memory.next().nameId = null;
    }

    /** Ry r^(i+1): the command to fill before {@link #sendReceptorCommand()}; it keeps what earlier commands left. */
    public CamReceptorCommand receptorCommand() {
        return reCommand.message();
    }

    public void sendReceptorCommand() {
        reCommand.send();
    }

    /**
     * cy r^(i+1)[image] = img(Rx r^i[image]), for the resolution idle accepted. An image img() cannot
     * pass as bgr8 reaches cs as a reason instead, prefixed with the command.
     */
    public void passImage() {
        String problem = Img.img(reStatus.get().image, CamCommandCheck.resolution(intake.accepted().params.res), status.message().image);
        if (problem == null) {
            status.message().imageSeq++;
            statusAssigned = true;
        } else {
            passReason(CamCommand.Cmd.IMAGE + " failed: " + problem);
        }
    }

    /** cy r^(i+1)[value] = Rx r^i[value]. */
    public void passValue() {
        CamStatus s = status.message();
        s.value.copyFrom(reStatus.get().value);
        s.valueSeq++;
        statusAssigned = true;
    }

    /** Tells cs, in this step, why a command goes no further. */
    public void passReason(String reason) {
        CamStatus s = status.message();
        s.reason = reason;
        s.reasonSeq++;
        statusAssigned = true;
    }
}
