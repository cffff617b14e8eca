package org.embodia.nao.cam;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.behavior.VirtualSubsystem;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.api.CamReceptorStatus;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.Image;
import org.osgi.service.component.annotations.Component;

/**
 * r_core,cam, {@code core/a.cam/vr} ([RAPP] §3.7): the RAPP core agent's camera virtual receptor.
 * It takes cs's commands, checks them, and drives NAOqi's ALVideoDevice (subscribe, getImageRemote,
 * unsubscribe, setParameter) and ALMemory as the behaviours' transition functions say; cs gets the
 * image in ROS's bgr8 layout and the values it asked for. Its behaviours are services of their own
 * (package {@code behaviors}); this class adds to the plumbing {@link VirtualSubsystem} shares what
 * they share of their own.
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
 * <p>One pass per step, as {@link VirtualSubsystem} describes.
 */
@Component(service = {Subsystem.class, NaoCam.class})
public final class NaoCam extends VirtualSubsystem<CamCommand, CamStatus, CamReceptorCommand, CamReceptorStatus, CamMemory> {
    public static final String NAME = "core/a.cam/vr";
    /** Bytes of pixels an image buffer of r_core,cam holds: a kVGA BGR image, as nao-api's camera messages preallocate. */
    public static final int IMAGE_CAPACITY = Image.VGA_BGR_BYTES;

    private final CountedField value = counted(s -> s.valueSeq);
    private final CountedField image = counted(s -> s.imageSeq);
    private final CountedField nameId = counted(s -> s.nameIdSeq);

    public NaoCam() {
        super(NAME, "nao.cam", CamCommand.class, CamCommand::new, CamStatus.class, () -> new CamStatus(IMAGE_CAPACITY),
                CamReceptorCommand.class, CamReceptorCommand::new, CamReceptorStatus.class, () -> new CamReceptorStatus(IMAGE_CAPACITY),
                CamMemory::new, CamCommandCheck::check, (s, reason, seq) -> { s.reason = reason; s.reasonSeq = seq; });
    }

    @Override
    protected void commandPredicates(Predicates.Builder predicates) {
        predicates.add("cmdImage", () -> commandIs(c -> c.cmd == CamCommand.Cmd.IMAGE))
                .add("cmdSetParams", () -> commandIs(c -> c.cmd == CamCommand.Cmd.SET_PARAMETERS))
                .add("cmdGet", () -> commandIs(c -> c.cmd == CamCommand.Cmd.GET));
    }

    /** new(Rx r^i[value]). */
    public boolean valueNew() {
        return value.isNew();
    }

    /** new(Rx r^i[image]). */
    public boolean imageNew() {
        return image.isNew();
    }

    /** new(Rx r^i[name_id]). */
    public boolean nameIdNew() {
        return nameId.isNew();
    }

    /**
     * Clears tm when a behaviour's state ends, so the next behaviour starts from tm = FALSE, as its i0
     * assignment assumes, and name_id, whose subscriber image unsubscribed.
     */
    @Override
    public void endBehavior() {
        super.endBehavior();
        nextMemory().nameId = null;
    }

    /**
     * cy r^(i+1)[image] = img(Rx r^i[image]), for the resolution idle accepted. An image img() cannot
     * pass as bgr8 reaches cs as a reason instead, prefixed with the command.
     */
    public void passImage() {
        String problem = Img.img(reStatus().image, CamCommandCheck.resolution(commanded().params.res), statusBuffer().message().image);
        if (problem == null) {
            assignStatus().imageSeq++;
        } else {
            passReason(CamCommand.Cmd.IMAGE + " failed: " + problem);
        }
    }

    /** cy r^(i+1)[value] = Rx r^i[value]. */
    public void passValue() {
        CamStatus s = assignStatus();
        s.value.copyFrom(reStatus().value);
        s.valueSeq++;
    }
}
