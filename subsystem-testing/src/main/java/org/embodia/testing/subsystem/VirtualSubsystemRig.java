package org.embodia.testing.subsystem;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.util.Map;
import java.util.function.Supplier;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.VirtualSubsystem;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;

/**
 * cs and the real effector or receptor around one virtual subsystem, stepped as the scheduler steps it: each step the
 * real side reports (unless told not to), cs may send a command, the subsystem receives both, its FSM steps over its
 * predicates with the behaviours given, its iteration ends (memory committed, status and command sent), and cs and the
 * real side receive what it sent. The buffers' messages are made by their types' no-argument constructors.
 *
 * @param <C> the command from cs
 * @param <S> the status to cs
 * @param <RC> the command to the real side
 * @param <RS> the status from the real side
 */
public class VirtualSubsystemRig<C extends Message<C>, S extends Message<S>, RC extends Message<RC>, RS extends Message<RS>> {
    public final FsmExecutor fsm;
    /** cs's output, into the subsystem's command input. */
    public final OutputBuffer<C> cs;
    /** The real effector's or receptor's output, into the subsystem's re_status input. */
    public final OutputBuffer<RS> real;
    /** What the subsystem commands the real side. */
    public final InputBuffer<RC> reCommand;
    /** What the subsystem tells cs. */
    public final InputBuffer<S> csStatus;
    /** Whether the real side reports in the next steps. */
    public boolean realReports = true;
    private final VirtualSubsystem<C, S, RC, RS, ?> subsystem;

    /**
     * @param file the subsystem's FSM definition, a resource of the subsystem's class loader (its bundle)
     * @param behaviors the behaviours by the names the definition's states run
     */
    public VirtualSubsystemRig(VirtualSubsystem<C, S, RC, RS, ?> subsystem, String file, Map<String, Behavior> behaviors)
            throws FsmLoadException {
        this.subsystem = subsystem;
        cs = new OutputBuffer<>("command", subsystem.commandBuffer().type(), factory(subsystem.commandBuffer().type()));
        real = new OutputBuffer<>("re_status", subsystem.reStatusBuffer().type(), factory(subsystem.reStatusBuffer().type()));
        reCommand = new InputBuffer<>("re_command", subsystem.reCommandBuffer().type(), factory(subsystem.reCommandBuffer().type()));
        csStatus = new InputBuffer<>("status", subsystem.statusBuffer().type(), factory(subsystem.statusBuffer().type()));
        cs.connect(subsystem.commandBuffer());
        real.connect(subsystem.reStatusBuffer());
        subsystem.reCommandBuffer().connect(reCommand);
        subsystem.statusBuffer().connect(csStatus);
        fsm = FsmExecutor.create(definition(subsystem.getClass(), file), behaviors, subsystem.predicates());
    }

    /** The definition {@code file}, read from {@code owner}'s class loader as the FSM extender reads it from its bundle. */
    public static FsmDefinition definition(Class<?> owner, String file) throws FsmLoadException {
        try (InputStream in = owner.getClassLoader().getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + file + " beside " + owner.getName());
            }
            return FsmLoader.load(file, in, Map.of());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <M> Supplier<M> factory(Class<M> type) {
        Constructor<M> constructor;
        try {
            constructor = type.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " has no constructor without arguments for the rig to make its messages", e);
        }
        return () -> {
            try {
                return constructor.newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** What the real side reports in the coming steps; edit, then step. */
    public RS report() {
        return real.message();
    }

    /**
     * One step with a command from cs, or none when null. Returns the state that ran: the one the step's check left
     * current (a state it selected runs its i0 in this step).
     */
    public String step(C command) {
        if (realReports) {
            real.send();
        }
        if (command != null) {
            cs.write(command);
        }
        subsystem.commandBuffer().receive();
        subsystem.reStatusBuffer().receive();
        fsm.step();
        subsystem.endIteration();
        reCommand.receive();
        csStatus.receive();
        return fsm.currentState();
    }

    public String step() {
        return step(null);
    }
}
