package org.embodia.nao.sim;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;

/**
 * A real effector or receptor of the simulated NAO, with the buffers its NAOqi counterpart has: input {@code command}
 * (Ey, Ry: what the virtual side asks of NAOqi), output {@code status} (Ex, Rx: what NAOqi reports). It has no FSM: the
 * scheduler calls {@link #step()} on the clock thread, which hands a new command to the device; at step (b) of every
 * tick the simulation has it send the device's status.
 *
 * @param <C> the command message
 * @param <S> the status message
 */
abstract class RealSubsystem<C extends Message<C>, S extends Message<S>> implements Subsystem {
    final InputBuffer<C> command;
    final OutputBuffer<S> status;
    private final String name;
    private final NaoSimulation simulation;
    private final Consumer<C> toDevice;
    private final Predicate<S> fromDevice;
    private final Runnable publisher = this::publish;

    /**
     * @param toDevice takes a new command
     * @param fromDevice fills the status and tells whether to send it
     */
    RealSubsystem(String name, NaoSimulation simulation, Class<C> commandType, Supplier<C> commandFactory,
            Class<S> statusType, Supplier<S> statusFactory, Consumer<C> toDevice, Predicate<S> fromDevice) {
        this.name = name;
        this.simulation = simulation;
        this.toDevice = toDevice;
        this.fromDevice = fromDevice;
        command = new InputBuffer<>("command", commandType, commandFactory);
        status = new OutputBuffer<>("status", statusType, statusFactory);
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
            toDevice.accept(command.get());
        }
    }

    private void publish() {
        if (fromDevice.test(status.message())) {
            status.send();
        }
    }

    /** Stops sending status; for the component's deactivation. */
    void stop() {
        simulation.removeStatusPublisher(publisher);
    }
}
