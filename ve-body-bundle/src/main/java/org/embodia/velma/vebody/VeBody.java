package org.embodia.velma.vebody;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.ControlSubsystem;
import org.embodia.api.behavior.NoMemory;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.velma.api.AllHwOk;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.osgi.service.component.annotations.Component;

/**
 * velma_core_ve_body, {@code core/a.body/ve} ([VELMA-BEH], [VELMA-STRUCT]): the virtual effector of Velma's body.
 * It runs twice per cycle: first reading the real effectors' status and passing it up to cs, then
 * reading cs's command and passing it down, or damping every joint on its own in safe mode. It declares its
 * buffers, computes its predicates from them as docs/velma.md defines them, and keeps the torso's and head's
 * CiA 402 drive machines; it has no internal memory. Its behaviours are services of their own (package
 * {@code behaviors}) that hold the transition functions.
 */
@Component(service = {Subsystem.class, VeBody.class})
public final class VeBody extends ControlSubsystem<NoMemory> {
    public static final String NAME = "core/a.body/ve";

    private final InputBuffer<LwrStatus> rightArmStatus = input("lwr_r_status", LwrStatus.class, LwrStatus::new);
    private final InputBuffer<LwrStatus> leftArmStatus = input("lwr_l_status", LwrStatus.class, LwrStatus::new);
    private final InputBuffer<DriveStatus> torsoStatus = input("torso_status", DriveStatus.class, DriveStatus::new);
    private final InputBuffer<DriveStatus> headPanStatus = input("head_pan_status", DriveStatus.class, DriveStatus::new);
    private final InputBuffer<DriveStatus> headTiltStatus = input("head_tilt_status", DriveStatus.class, DriveStatus::new);
    private final InputBuffer<BodyCommand> command = input("command", BodyCommand.class, BodyCommand::new);

    private final OutputBuffer<LwrCommand> rightArmCommand = output("lwr_r_command", LwrCommand.class, LwrCommand::new);
    private final OutputBuffer<LwrCommand> leftArmCommand = output("lwr_l_command", LwrCommand.class, LwrCommand::new);
    private final OutputBuffer<DriveCommand> torsoCommand = output("torso_command", DriveCommand.class, DriveCommand::new);
    private final OutputBuffer<DriveCommand> headPanCommand = output("head_pan_command", DriveCommand.class, DriveCommand::new);
    private final OutputBuffer<DriveCommand> headTiltCommand = output("head_tilt_command", DriveCommand.class, DriveCommand::new);
    private final OutputBuffer<BodyStatus> status = output("status", BodyStatus.class, BodyStatus::new);

    private final Cia402Drive torso;
    private final Cia402Drive headPan;
    private final Cia402Drive headTilt;

    public VeBody() {
        super(NAME, "velma.ve_body", NoMemory::new);
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
    protected void predicates(Predicates.Builder predicates) {
        predicates.add("recvStatus", this::recvStatus)
                .add("recvCommand", command::isNew)
                .add("allHwOk", this::allHwOk)
                .add("allCmdOk", () -> command.hasData() && command.get().valid())
                .add("cmdExitSafeState", () -> command.isNew() && command.get().exitSafeState);
    }

    /** New status data from every real effector. */
    boolean recvStatus() {
        return rightArmStatus.isNew() && leftArmStatus.isNew() && torsoStatus.isNew() && headPanStatus.isNew() && headTiltStatus.isNew();
    }

    /** allHwOk = rLwrOk ∧ lLwrOk ∧ rLwrInCmdState ∧ lLwrInCmdState ∧ tMotorOk ∧ hpMotorOk ∧ htMotorOk. */
    boolean allHwOk() {
        return AllHwOk.failing(rightArmStatus.get(), leftArmStatus.get(), torsoStatus.get(), headPanStatus.get(), headTiltStatus.get()) == 0;
    }

    /** lwr_r_status: the right KRC's measurements. */
    public InputBuffer<LwrStatus> rightArmStatus() {
        return rightArmStatus;
    }

    /** lwr_l_status: the left KRC's measurements. */
    public InputBuffer<LwrStatus> leftArmStatus() {
        return leftArmStatus;
    }

    /** torso_status: the torso drive's status. */
    public InputBuffer<DriveStatus> torsoStatus() {
        return torsoStatus;
    }

    /** head_pan_status. */
    public InputBuffer<DriveStatus> headPanStatus() {
        return headPanStatus;
    }

    /** head_tilt_status. */
    public InputBuffer<DriveStatus> headTiltStatus() {
        return headTiltStatus;
    }

    /** command: cs's command. */
    public InputBuffer<BodyCommand> command() {
        return command;
    }

    /** lwr_r_command: the right KRC's torques. */
    public OutputBuffer<LwrCommand> rightArmCommand() {
        return rightArmCommand;
    }

    /** lwr_l_command: the left KRC's torques. */
    public OutputBuffer<LwrCommand> leftArmCommand() {
        return leftArmCommand;
    }

    /** torso_command. */
    public OutputBuffer<DriveCommand> torsoCommand() {
        return torsoCommand;
    }

    /** head_pan_command. */
    public OutputBuffer<DriveCommand> headPanCommand() {
        return headPanCommand;
    }

    /** head_tilt_command. */
    public OutputBuffer<DriveCommand> headTiltCommand() {
        return headTiltCommand;
    }

    /** status: every real effector's status, up to cs. */
    public OutputBuffer<BodyStatus> status() {
        return status;
    }

    /** The torso's drive machine, through which every torso command goes. */
    public Cia402Drive torso() {
        return torso;
    }

    /** The head pan drive's machine. */
    public Cia402Drive headPan() {
        return headPan;
    }

    /** The head tilt drive's machine. */
    public Cia402Drive headTilt() {
        return headTilt;
    }
}
