package org.embodia.velma.vebody;

import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;
import org.osgi.service.component.annotations.Component;

/**
 * velma_core_ve_body, {@code core/a.body/ve} (seeds 000, 004): the virtual effector of Velma's body.
 * It runs twice per cycle: first reading the real effectors' status and passing it up to cs, then
 * reading cs's command and passing it down, or damping every joint on its own in safe mode. Its
 * predicates are computed from its buffers as the seeds README defines them; its behaviours are
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

    public VeBody() {
        torsoCommand.message().mode = DriveCommand.MODE_CYCLIC_TORQUE;
        headPanCommand.message().mode = DriveCommand.MODE_CYCLIC_POSITION;
        headTiltCommand.message().mode = DriveCommand.MODE_CYCLIC_POSITION;
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

    /** Safe mode: τ = −D·q̇ per LWR joint, the torso damped, the head holding its position. */
    public void sendSafeCommands() {
        damp(rightArmStatus.get(), rightArmCommand);
        damp(leftArmStatus.get(), leftArmCommand);
        DriveCommand torso = torsoCommand.message();
        torso.controlWord = DriveCommand.ENABLE_OPERATION;
        torso.targetTorque = -TORSO_SAFE_DAMPING * torsoStatus.get().velocity;
        torsoCommand.send();
        hold(headPanStatus.get(), headPanCommand);
        hold(headTiltStatus.get(), headTiltCommand);
    }

    private static void damp(LwrStatus status, OutputBuffer<LwrCommand> out) {
        double[] tau = out.message().torque;
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            tau[j] = -Velma.SAFE_DAMPING[j] * status.dq[j];
        }
        out.send();
    }

    private static void hold(DriveStatus status, OutputBuffer<DriveCommand> out) {
        DriveCommand c = out.message();
        c.controlWord = DriveCommand.ENABLE_OPERATION;
        c.targetPosition = status.position;
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
        DriveCommand torso = torsoCommand.message();
        torso.controlWord = DriveCommand.ENABLE_OPERATION;
        torso.targetTorque = c.torsoTorque;
        torsoCommand.send();
        if (c.headValid()) {
            DriveCommand pan = headPanCommand.message();
            pan.controlWord = DriveCommand.ENABLE_OPERATION;
            pan.targetPosition = c.headPan;
            headPanCommand.send();
            DriveCommand tilt = headTiltCommand.message();
            tilt.controlWord = DriveCommand.ENABLE_OPERATION;
            tilt.targetPosition = c.headTilt;
            headTiltCommand.send();
        } else {
            hold(headPanStatus.get(), headPanCommand);
            hold(headTiltStatus.get(), headTiltCommand);
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
