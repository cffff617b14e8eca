package org.embodia.nao.body;

import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.CommandIntake;
import org.embodia.api.behavior.Memory;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.DesiredJointAngles;
import org.embodia.nao.api.JointValues;
import org.embodia.nao.model.NaoPoseEkf;
import org.osgi.service.component.annotations.Component;

/**
 * e_core,body, {@code core/a.body/ve} (seed 001 §3.1): the RAPP core agent's body virtual effector.
 * It takes cs's commands, checks them, passes them to NAOqi's side as the behaviour's transition
 * functions say, estimates the pose with an EKF every step and returns pose, attained and values to
 * cs. Its behaviours are services of their own (package {@code behaviors}); this class holds the
 * buffers, the memory and what the behaviours share.
 *
 * <p>Buffers:
 * <ul>
 * <li>{@code command} ({@link BodyCommand}), from cs: cmd and its arguments;</li>
 * <li>{@code status} ({@link BodyStatus}), to cs every step: pose; attained, value and rejections when assigned;</li>
 * <li>{@code re_command} ({@link BodyEffectorCommand}), to the real effector: sent only at i0 and on STOP;</li>
 * <li>{@code re_status} ({@link BodyEffectorStatus}), from the real effector every 20 ms step: odm, im, cja, attained, value.</li>
 * </ul>
 *
 * <p>One pass per step: the scheduler receives every input, steps the FSM, then calls
 * {@link #endIteration()}, which commits the memory (s^(i+1) becomes s^i).
 */
@Component(service = {Subsystem.class, NaoBody.class})
public final class NaoBody implements Subsystem {
    public static final String NAME = "core/a.body/ve";
    /** NAOqi's name for all the joints at once, e.g. in stiffness ["Body", 1.0] (§3.1.5). */
    public static final String WHOLE_BODY = "Body";

    /**
     * How close cja must come to dja for the joints to count as attained (rad; for the hands, of
     * the opening): seed 001's footnote 4 asks for approximate equality. Our figure, a little over a
     * degree, above the joints' sensor resolution and the setAngles controller's steady error.
     */
    public static final double ATTAINED_TOLERANCE = 0.02;

    final InputBuffer<BodyCommand> command = new InputBuffer<>("command", BodyCommand.class, BodyCommand::new);
    final InputBuffer<BodyEffectorStatus> reStatus = new InputBuffer<>("re_status", BodyEffectorStatus.class, BodyEffectorStatus::new);
    final OutputBuffer<BodyEffectorCommand> reCommand = new OutputBuffer<>("re_command", BodyEffectorCommand.class, BodyEffectorCommand::new);
    final OutputBuffer<BodyStatus> status = new OutputBuffer<>("status", BodyStatus.class, BodyStatus::new);

    private final Memory<BodyMemory> memory = new Memory<>(BodyMemory::new);
    private final NaoPoseEkf ekf = new NaoPoseEkf();
    private final CommandIntake<BodyCommand> intake = new CommandIntake<>(command, BodyCommand::new, BodyCommandCheck::check);
    /** The real effector's counters as seen in the previous step: a change is new(attained), new(value). */
    private long seenAttainedSeq;
    private long seenValueSeq;
    private boolean stopAtStart;
    private long unusableReadings;

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
        return "nao.body";
    }

    @Override
    public Predicates predicates() {
        return Predicates.builder()
                .add("cmdValid", this::commandValid)
                .add("cmdMove", () -> commandIs(BodyCommand.Cmd.MOVE))
                .add("cmdMoveTo", () -> commandIs(BodyCommand.Cmd.MOVE_TO))
                .add("cmdPosture", () -> commandIs(BodyCommand.Cmd.POSTURE))
                .add("cmdInterpolation", () -> commandIs(BodyCommand.Cmd.INTERPOLATION))
                .add("cmdStiffness", () -> commandIs(BodyCommand.Cmd.STIFFNESS))
                .add("cmdGet", () -> commandIs(BodyCommand.Cmd.GET))
                .add("tm", () -> memory.current().tm)
                .build();
    }

    @Override
    public void endIteration() {
        BodyEffectorStatus s = reStatus.get();
        seenAttainedSeq = s.attainedSeq;
        seenValueSeq = s.valueSeq;
        memory.commit();
        intake.endIteration();
    }

    /** cx e^i[cmd] = {@code cmd}: a command arrived from cs in this step (cs sends each once) and it is {@code cmd}. */
    public boolean commandIs(BodyCommand.Cmd cmd) {
        return intake.arrived() && intake.command().cmd == cmd;
    }

    /** A command arrived from cs in this step and passes {@link BodyCommandCheck}. */
    public boolean commandValid() {
        return intake.valid();
    }

    /** Why the command that arrived in this step is rejected, or null (also when none arrived); checked once per step. */
    public String rejection() {
        return intake.rejection();
    }

    /**
     * Idle's answer to a new command: a valid one is kept for the behaviour it selects and clears
     * the last rejection; an invalid one goes no further, and cs learns why.
     */
    public void acceptOrReject() {
        if (!intake.arrived()) {
            return;
        }
        BodyStatus s = status.message();
        String reason = intake.accept();
        if (reason == null) {
            s.reason = null;
        } else {
            s.reason = reason;
            s.reasonSeq++;
        }
    }

    /** The command idle accepted last: the arguments cx e^(i0)[arg] the running behaviour started with. */
    public BodyCommand commanded() {
        return intake.accepted();
    }

    /**
     * cx e^i[cmd] = STOP, for i ≠ i0, in behaviour iteration {@code iteration}; call once per step.
     * A STOP that arrives at i0 itself, while the start command goes out, counts at i0 + 1 rather
     * than being lost (otherwise a MOVE quickly followed by STOP would walk on endlessly).
     */
    public boolean stop(int iteration) {
        boolean now = commandIs(BodyCommand.Cmd.STOP);
        if (iteration == 0) {
            stopAtStart = now;
            return false;
        }
        boolean held = iteration == 1 && stopAtStart;
        stopAtStart = false;
        return now || held;
    }

    /** Ex e^i: the real effector's latest report. */
    public BodyEffectorStatus effector() {
        return reStatus.get();
    }

    /** new(Ex e^i[attained]). */
    public boolean attainedNew() {
        return reStatus.get().attainedSeq != seenAttainedSeq;
    }

    /** new(Ex e^i[value]). */
    public boolean valueNew() {
        return reStatus.get().valueSeq != seenValueSeq;
    }

    /** e e^i: the memory as this step found it. */
    public BodyMemory memory() {
        return memory.current();
    }

    /** e e^(i+1): the memory this step leaves; a field not written keeps its value. */
    public BodyMemory nextMemory() {
        return memory.next();
    }

    /** Clears tm when a behaviour's state ends, so the next behaviour starts from tm = FALSE, as its i0 assignment assumes. */
    public void endBehavior() {
        memory.next().tm = false;
    }

    /**
     * e e^(i+1)[pose] = EKF(Ex e^i[odm], Ex e^i[im], e e^i[pose]). The EKF fuses each report of the
     * real effector once: a step without a new report repeats no measurement, and a report with a
     * non-finite odm or im is left out (counted in {@link #unusableReadings()}), keeping the pose.
     */
    public void estimatePose() {
        if (reStatus.isNew()) {
            BodyEffectorStatus s = reStatus.get();
            if (s.odm.isFinite() && Double.isFinite(s.im.theta)) {
                ekf.step(s.odm.x, s.odm.y, s.odm.theta, s.im.theta);
            } else {
                unusableReadings++;
            }
        }
        memory.next().pose.set(ekf.x(), ekf.y(), ekf.theta());
    }

    /** Real effector reports left out of the pose estimate because odm or im was not finite. */
    public long unusableReadings() {
        return unusableReadings;
    }

    /** Ey e^(i+1): the command to fill before {@link #sendEffectorCommand()}; it keeps what earlier commands left. */
    public BodyEffectorCommand effectorCommand() {
        return reCommand.message();
    }

    public void sendEffectorCommand() {
        reCommand.send();
    }

    /** cy e^(i+1)[attained] = {@code attained}. */
    public void passAttained(boolean attained) {
        BodyStatus s = status.message();
        s.attained = attained;
        s.attainedSeq++;
    }

    /** cy e^(i+1)[value] = Ex e^i[value]. */
    public void passValue() {
        BodyStatus s = status.message();
        s.value.copyFrom(reStatus.get().value);
        s.valueSeq++;
    }

    /** Sends cs this step's status: cy e^(i+1)[pose] = e e^(i+1)[pose], and whatever was assigned this step. */
    public void sendStatus() {
        status.message().pose.copyFrom(memory.next().pose);
        status.send();
    }

    /** e e^i[dja] = Ex e^i[cja], within {@link #ATTAINED_TOLERANCE} for every joint of dja. */
    public boolean jointsAttained() {
        DesiredJointAngles dja = memory.current().dja;
        JointValues cja = reStatus.get().cja;
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
