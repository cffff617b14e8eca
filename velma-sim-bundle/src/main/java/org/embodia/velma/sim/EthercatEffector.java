package org.embodia.velma.sim;

import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code core/a.ethercat/re} in simulation: the EtherCAT bus with the torso, head pan and head tilt
 * drives, with the buffers of its hardware counterpart. Its step hands new commands to the drives;
 * the simulation's tick sends their status. At pace {@code loop} its step, the cycle's last, ticks the simulation.
 */
@Component(service = Subsystem.class)
public final class EthercatEffector implements Subsystem {
    public static final String NAME = "core/a.ethercat/re";

    private final VelmaSimulation simulation;
    private final SimulatedDrive[] drives;
    private final Runnable publisher = this::publish;
    final InputBuffer<DriveCommand> torsoCommand = input("torso_command");
    final InputBuffer<DriveCommand> headPanCommand = input("head_pan_command");
    final InputBuffer<DriveCommand> headTiltCommand = input("head_tilt_command");
    final OutputBuffer<DriveStatus> torsoStatus = output("torso_status");
    final OutputBuffer<DriveStatus> headPanStatus = output("head_pan_status");
    final OutputBuffer<DriveStatus> headTiltStatus = output("head_tilt_status");
    /** Commands and status in the order of {@link #drives}. */
    private final InputBuffer<DriveCommand>[] commands;
    private final OutputBuffer<DriveStatus>[] statuses;

    @Activate
    @SuppressWarnings("unchecked")
    public EthercatEffector(@Reference VelmaSimulation simulation) {
        this.simulation = simulation;
        this.drives = new SimulatedDrive[] {simulation.torso(), simulation.headPan(), simulation.headTilt()};
        this.commands = new InputBuffer[] {torsoCommand, headPanCommand, headTiltCommand};
        this.statuses = new OutputBuffer[] {torsoStatus, headPanStatus, headTiltStatus};
        simulation.addStatusPublisher(publisher);
    }

    private static InputBuffer<DriveCommand> input(String name) {
        return new InputBuffer<>(name, DriveCommand.class, DriveCommand::new);
    }

    private static OutputBuffer<DriveStatus> output(String name) {
        return new OutputBuffer<>(name, DriveStatus.class, DriveStatus::new);
    }

    @Deactivate
    void deactivate() {
        simulation.removeStatusPublisher(publisher);
    }

    @Override
    public SubsystemName name() {
        return SubsystemName.parse(NAME);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return List.of(torsoCommand, headPanCommand, headTiltCommand);
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return List.of(torsoStatus, headPanStatus, headTiltStatus);
    }

    @Override
    public void step() {
        simulation.requireClockThread(NAME);
        for (int d = 0; d < drives.length; d++) {
            if (commands[d].isNew()) {
                drives[d].command(commands[d].get());
            }
        }
        simulation.endOfCycle();
    }

    private void publish() {
        for (int d = 0; d < drives.length; d++) {
            drives[d].status(statuses[d].message());
            statuses[d].send();
        }
    }
}
