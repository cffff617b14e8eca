package org.embodia.velma.sim;

import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.model.Arm;

/**
 * The real effector of one simulated KUKA LWR, with the buffers its hardware counterpart has: input
 * {@code command}, output {@code status}. Its step hands a new command to the arm; the simulation's
 * tick sends the status.
 */
abstract class LwrEffector implements Subsystem {
    private final String name;
    private final VelmaSimulation simulation;
    private final SimulatedLwr arm;
    private final Runnable publisher = this::publish;
    final InputBuffer<LwrCommand> command = new InputBuffer<>("command", LwrCommand.class, LwrCommand::new);
    final OutputBuffer<LwrStatus> status = new OutputBuffer<>("status", LwrStatus.class, LwrStatus::new);

    LwrEffector(String name, VelmaSimulation simulation, Arm arm) {
        this.name = name;
        this.simulation = simulation;
        this.arm = simulation.lwr(arm);
        simulation.addStatusPublisher(publisher);
    }

    @Override
    public SubsystemName name() {
        return SubsystemName.parse(name);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return List.of(command);
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return List.of(status);
    }

    @Override
    public void step() {
        simulation.requireClockThread(name);
        if (command.isNew()) {
            arm.command(command.get());
        }
    }

    private void publish() {
        arm.status(status.message());
        status.send();
    }

    void stop() {
        simulation.removeStatusPublisher(publisher);
    }
}
