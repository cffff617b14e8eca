package org.embodia.nao.body;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.behavior.VirtualSubsystem;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.DesiredJointAngles;
import org.embodia.nao.api.JointValues;
import org.embodia.nao.model.NaoPoseEkf;
import org.osgi.service.component.annotations.Component;

/**
 * e_core,body, {@code core/a.body/ve} ([RAPP] §3.1): the RAPP core agent's body virtual effector.
 * It takes cs's commands, checks them, passes them to NAOqi's side as the behaviour's transition
 * functions say, estimates the pose with an EKF every step and returns pose, attained and values to
 * cs. Its behaviours are services of their own (package {@code behaviors}); this class adds to the
 * plumbing {@link VirtualSubsystem} shares what they share of their own.
 *
 * <p>Buffers:
 * <ul>
 * <li>{@code command} ({@link BodyCommand}), from cs: cmd and its arguments;</li>
 * <li>{@code status} ({@link BodyStatus}), to cs every step: pose; attained, value and rejections when assigned;</li>
 * <li>{@code re_command} ({@link BodyEffectorCommand}), to the real effector: sent only at i0 and on STOP;</li>
 * <li>{@code re_status} ({@link BodyEffectorStatus}), from the real effector every 20 ms step: odm, im, cja, attained, value.</li>
 * </ul>
 *
 * <p>One pass per step, as {@link VirtualSubsystem} describes, except that every behaviour sends cs
 * the status itself in every step ({@link #sendStatus()}), the pose being assigned in each.
 */
@Component(service = {Subsystem.class, NaoBody.class})
public final class NaoBody extends VirtualSubsystem<BodyCommand, BodyStatus, BodyEffectorCommand, BodyEffectorStatus, BodyMemory> {
    public static final String NAME = "core/a.body/ve";
    /** NAOqi's name for all the joints at once, e.g. in stiffness ["Body", 1.0] (§3.1.5). */
    public static final String WHOLE_BODY = "Body";

    /**
     * How close cja must come to dja for the joints to count as attained (rad; for the hands, of
     * the opening): [RAPP]'s footnote 4 asks for approximate equality. Our figure, a little over a
     * degree, above the joints' sensor resolution and the setAngles controller's steady error.
     */
    public static final double ATTAINED_TOLERANCE = 0.02;

    private final NaoPoseEkf ekf = new NaoPoseEkf();
    private final CountedField attained = counted(s -> s.attainedSeq);
    private final CountedField value = counted(s -> s.valueSeq);
    private long unusableReadings;

    public NaoBody() {
        super(NAME, "nao.body", BodyCommand.class, BodyCommand::new, BodyStatus.class, BodyStatus::new,
                BodyEffectorCommand.class, BodyEffectorCommand::new, BodyEffectorStatus.class, BodyEffectorStatus::new,
                BodyMemory::new, BodyCommandCheck::check, (s, reason, seq) -> { s.reason = reason; s.reasonSeq = seq; });
    }

    @Override
    protected void commandPredicates(Predicates.Builder predicates) {
        predicates.add("cmdMove", () -> commandIs(c -> c.cmd == BodyCommand.Cmd.MOVE))
                .add("cmdMoveTo", () -> commandIs(c -> c.cmd == BodyCommand.Cmd.MOVE_TO))
                .add("cmdPosture", () -> commandIs(c -> c.cmd == BodyCommand.Cmd.POSTURE))
                .add("cmdInterpolation", () -> commandIs(c -> c.cmd == BodyCommand.Cmd.INTERPOLATION))
                .add("cmdStiffness", () -> commandIs(c -> c.cmd == BodyCommand.Cmd.STIFFNESS))
                .add("cmdGet", () -> commandIs(c -> c.cmd == BodyCommand.Cmd.GET));
    }

    /**
     * cx e^i[cmd] = STOP, which the behaviours read for i ≠ i0: at i0 the command that arrived is the one
     * that started them, so a STOP cs sends on seeing the motion start arrives at i0 + 1 at the earliest.
     */
    public boolean stop() {
        return commandIs(c -> c.cmd == BodyCommand.Cmd.STOP);
    }

    /** new(Ex e^i[attained]). */
    public boolean attainedNew() {
        return attained.isNew();
    }

    /** new(Ex e^i[value]). */
    public boolean valueNew() {
        return value.isNew();
    }

    /**
     * e e^(i+1)[pose] = EKF(Ex e^i[odm], Ex e^i[im], e e^i[pose]). The EKF fuses each report of the
     * real effector once: a step without a new report repeats no measurement, and a report with a
     * non-finite odm or im is left out (counted in {@link #unusableReadings()}), keeping the pose.
     */
    public void estimatePose() {
        if (reStatusBuffer().isNew()) {
            BodyEffectorStatus s = reStatus();
            if (s.odm.isFinite() && Double.isFinite(s.im.theta)) {
                ekf.step(s.odm.x, s.odm.y, s.odm.theta, s.im.theta);
            } else {
                unusableReadings++;
            }
        }
        nextMemory().pose.set(ekf.x(), ekf.y(), ekf.theta());
    }

    /** Real effector reports left out of the pose estimate because odm or im was not finite. */
    public long unusableReadings() {
        return unusableReadings;
    }

    /** cy e^(i+1)[attained] = {@code attained}. */
    public void passAttained(boolean attained) {
        BodyStatus s = assignStatus();
        s.attained = attained;
        s.attainedSeq++;
    }

    /** cy e^(i+1)[value] = Ex e^i[value]. */
    public void passValue() {
        BodyStatus s = assignStatus();
        s.value.copyFrom(reStatus().value);
        s.valueSeq++;
    }

    /** Sends cs this step's status: cy e^(i+1)[pose] = e e^(i+1)[pose], and whatever was assigned this step. */
    @Override
    public void sendStatus() {
        statusBuffer().message().pose.copyFrom(nextMemory().pose);
        super.sendStatus();
    }

    /** e e^i[dja] = Ex e^i[cja], within {@link #ATTAINED_TOLERANCE} for every joint of dja. */
    public boolean jointsAttained() {
        DesiredJointAngles dja = memory().dja;
        JointValues cja = reStatus().cja;
        if (dja.count == 0) {
            return false;
        }
        for (int k = 0; k < dja.count; k++) {
            int at = cja.indexOf(dja.joints[k]);
            if (at < 0 || !(Math.abs(cja.values[at] - dja.values[k]) <= ATTAINED_TOLERANCE)) {
                return false;
            }
        }
        return true;
    }
}
