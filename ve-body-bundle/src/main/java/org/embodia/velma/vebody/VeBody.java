package org.embodia.velma.vebody;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.osgi.service.component.annotations.Component;

/**
 * velma_core_ve_body, {@code core/a.body/ve} ([VELMA-BEH], [VELMA-STRUCT]): the virtual effector of Velma's body.
 * It runs twice per cycle: first reading the real effectors' status and passing it up to cs, then
 * reading cs's command and passing it down, or damping every joint on its own in safe mode. Its
 * predicates are computed from its buffers as docs/velma.md defines them; its behaviours are
 * services of their own (package {@code behaviors}).
 */
@Component(service = {Subsystem.class, VeBody.class})
public final class VeBody implements Subsystem {
    public static final String NAME = "core/a.body/ve";

    final InputBuffer<LwrStatus> rightArmStatus = new InputBuffer<>("lwr_r_status", LwrStatus.class, LwrStatus::new);
    final InputBuffer<LwrStatus> leftArmStatus = new InputBuffer<>("lwr_l_status", LwrStatus.class, LwrStatus::new);
    final InputBuffer<DriveStatus> torsoStatus = new InputBuffer<>("torso_status", DriveStatus.class, DriveStatus::new);
    final InputBuffer<DriveStatus> headPanStatus = new InputBuffer<>("head_pan_status", DriveStatus.class, DriveStatus::new);
    final InputBuffer<DriveStatus> headTiltStatus = new InputBuffer<>("head_tilt_status", DriveStatus.class, DriveStatus::new);
    final InputBuffer<BodyCommand> command = new InputBuffer<>("command", BodyCommand.class, BodyCommand::new);

    final OutputBuffer<LwrCommand> rightArmCommand = new OutputBuffer<>("lwr_r_command", LwrCommand.class, LwrCommand::new);
    final OutputBuffer<LwrCommand> leftArmCommand = new OutputBuffer<>("lwr_l_command", LwrCommand.class, LwrCommand::new);
    final OutputBuffer<DriveCommand> torsoCommand = new OutputBuffer<>("torso_command", DriveCommand.class, DriveCommand::new);
    final OutputBuffer<DriveCommand> headPanCommand = new OutputBuffer<>("head_pan_command", DriveCommand.class, DriveCommand::new);
    final OutputBuffer<DriveCommand> headTiltCommand = new OutputBuffer<>("head_tilt_command", DriveCommand.class, DriveCommand::new);
    final OutputBuffer<BodyStatus> status = new OutputBuffer<>("status", BodyStatus.class, BodyStatus::new);

    /** Damping of the torso in safe mode (N·m·s/rad). */
    static final double TORSO_SAFE_DAMPING = 20;
    /** The fraction of a torque limit safe mode's damping may use. */
    static final double SAFE_TORQUE_FRACTION = 0.95;

    private final Cia402Drive torso;
    private final Cia402Drive headPan;
    private final Cia402Drive headTilt;

    public VeBody() {
        FsmDefinition cia402 = loadCia402();
        // The torso's encoder is absolute; the head's are incremental, so the head is homed after power-up.
        torso = new Cia402Drive(cia402, false);
        headPan = new Cia402Drive(cia402, true);
        headTilt = new Cia402Drive(cia402, true);
    }

    /** The drives' FSM, shipped beside ve_body's own in this bundle. */
    private static FsmDefinition loadCia402() {
        String file = "fsm/" + Cia402Drive.FSM + ".yaml";
        try (InputStream in = VeBody.class.getClassLoader().getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException(NAME + ": the bundle lacks " + file);
            }
            return FsmLoader.load(file, in, Map.of());
        } catch (IOException | FsmLoadException e) {
            throw new IllegalStateException(NAME + ": cannot load " + file + ": " + e.getMessage(), e);
        }
    }

    /** The CiA 402 FSM state of each drive: torso, head pan, head tilt. */
    public List<String> driveStates() {
        return List.of(state(torso), state(headPan), state(headTilt));
    }

    private static String state(Cia402Drive drive) {
        return drive.fault() != null ? "stopped: " + drive.fault() : drive.state();
    }

    @Override
    public SubsystemName name() {
        return SubsystemName.parse(NAME);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return List.of(rightArmStatus, leftArmStatus, torsoStatus, headPanStatus, headTiltStatus, command);
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return List.of(rightArmCommand, leftArmCommand, torsoCommand, headPanCommand, headTiltCommand, status);
    }

    @Override
    public String fsm() {
        return "velma.ve_body";
    }

    @Override
    public Predicates predicates() {
        return Predicates.builder()
                .add("recvStatus", this::recvStatus)
                .add("recvCommand", command::isNew)
                .add("allHwOk", this::allHwOk)
                .add("allCmdOk", () -> command.hasData() && command.get().valid())
                .add("cmdExitSafeState", () -> command.isNew() && command.get().exitSafeState)
                .build();
    }

    /** New status data from every real effector. */
    boolean recvStatus() {
        return rightArmStatus.isNew() && leftArmStatus.isNew() && torsoStatus.isNew() && headPanStatus.isNew() && headTiltStatus.isNew();
    }

    /** allHwOk = rLwrOk ∧ lLwrOk ∧ rLwrInCmdState ∧ lLwrInCmdState ∧ tMotorOk ∧ hpMotorOk ∧ htMotorOk. */
    boolean allHwOk() {
        LwrStatus r = rightArmStatus.get();
        LwrStatus l = leftArmStatus.get();
        return r.ok() && l.ok() && r.inCommandState() && l.inCommandState() && torsoStatus.get().ok() && headPanStatus.get().ok()
                && headTiltStatus.get().ok();
    }

    /**
     * Safe mode: τ = −D·q̇ per LWR joint, the torso damped, the head holding its position; the drives are
     * brought up, and the head homed, on the way.
     */
    public void sendSafeCommands() {
        damp(rightArmStatus.get(), rightArmCommand);
        damp(leftArmStatus.get(), leftArmCommand);
        DriveStatus t = torsoStatus.get();
        torso.torque(t, bounded(-TORSO_SAFE_DAMPING * t.velocity, Velma.TORSO_TORQUE_LIMIT), torsoCommand.message());
        torsoCommand.send();
        hold(headPan, headPanStatus, headPanCommand, -Velma.HEAD_PAN_LIMIT, Velma.HEAD_PAN_LIMIT);
        hold(headTilt, headTiltStatus, headTiltCommand, Velma.HEAD_TILT_MIN, Velma.HEAD_TILT_MAX);
    }

    /**
     * Safe mode's own torques obey the limits it enforces on cs: a joint moving fast would otherwise
     * ask for more damping than a real effector may receive; an unreadable velocity damps nothing.
     */
    static double bounded(double torque, double limit) {
        if (!Double.isFinite(torque)) {
            return 0;
        }
        double max = SAFE_TORQUE_FRACTION * limit;
        return Math.max(-max, Math.min(max, torque));
    }

    private static void damp(LwrStatus status, OutputBuffer<LwrCommand> out) {
        double[] tau = out.message().torque;
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            tau[j] = bounded(-Velma.SAFE_DAMPING[j] * status.dq[j], Velma.LWR_TORQUE_LIMITS[j]);
        }
        out.send();
    }

    private static void hold(Cia402Drive drive, InputBuffer<DriveStatus> status, OutputBuffer<DriveCommand> out, double lower,
            double upper) {
        move(drive, status, status.get().position, out, lower, upper);
    }

    /**
     * A position set-point, kept inside the joint's limits: a joint resting on its mechanical stop
     * may read a hair beyond it, and holding it there would be an over-limit command.
     */
    private static void move(Cia402Drive drive, InputBuffer<DriveStatus> status, double position, OutputBuffer<DriveCommand> out,
            double lower, double upper) {
        DriveCommand c = out.message();
        drive.position(status.get(), position, c);
        c.targetPosition = Math.max(lower, Math.min(upper, c.targetPosition));
        out.send();
    }

    /** Transparent mode: cs's command goes down if it is valid; otherwise safe commands do. */
    public void passCommandDown() {
        BodyCommand c = command.get();
        if (!command.isNew() || !c.valid()) {
            sendSafeCommands();
            return;
        }
        rightArmCommand.write(c.rightArm);
        leftArmCommand.write(c.leftArm);
        torso.torque(torsoStatus.get(), c.torsoTorque, torsoCommand.message());
        torsoCommand.send();
        if (c.headValid()) {
            move(headPan, headPanStatus, c.headPan, headPanCommand, -Velma.HEAD_PAN_LIMIT, Velma.HEAD_PAN_LIMIT);
            move(headTilt, headTiltStatus, c.headTilt, headTiltCommand, Velma.HEAD_TILT_MIN, Velma.HEAD_TILT_MAX);
        } else {
            hold(headPan, headPanStatus, headPanCommand, -Velma.HEAD_PAN_LIMIT, Velma.HEAD_PAN_LIMIT);
            hold(headTilt, headTiltStatus, headTiltCommand, Velma.HEAD_TILT_MIN, Velma.HEAD_TILT_MAX);
        }
    }

    /** Passes every real effector's status up to cs, saying whether ve_body is in safe mode. */
    public void passStatusUp(boolean safeMode) {
        BodyStatus s = status.message();
        s.rightArm.copyFrom(rightArmStatus.get());
        s.leftArm.copyFrom(leftArmStatus.get());
        s.torso.copyFrom(torsoStatus.get());
        s.headPan.copyFrom(headPanStatus.get());
        s.headTilt.copyFrom(headTiltStatus.get());
        s.safeMode = safeMode;
        status.send();
    }
}
