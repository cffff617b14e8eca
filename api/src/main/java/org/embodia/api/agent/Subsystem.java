package org.embodia.api.agent;

import java.util.List;

import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A subsystem of an agent, registered as a service by its bundle; the scheduler finds it by
 * {@link #name()}, wires its buffers to the other subsystems' and runs it in an activity.
 *
 * <p>A subsystem with an FSM names its definition ({@link #fsm()}) and gives the predicates the
 * definition's conditions read; its behaviours are {@code Behavior} services with the properties
 * {@value #SUBSYSTEM_PROPERTY} (the subsystem's full name) and {@value #BEHAVIOR_PROPERTY}. Each
 * iteration the scheduler receives its inputs, steps its FSM and calls {@link #endIteration()}. A
 * subsystem without an FSM (a real effector, a simulator) is called through {@link #step()} instead.
 */
@ConsumerType
public interface Subsystem {
    /** The service property naming the subsystem a behaviour belongs to, e.g. {@code core/a.body/ve}. */
    String SUBSYSTEM_PROPERTY = "embodia.subsystem";
    /** The service property naming a behaviour as the FSM definition does. */
    String BEHAVIOR_PROPERTY = "embodia.behavior";

    SubsystemName name();

    List<InputBuffer<?>> inputs();

    List<OutputBuffer<?>> outputs();

    /** The name of its FSM definition in the FSM catalog, or null when it has none. */
    default String fsm() {
        return null;
    }

    /** The predicates of its FSM, by the definition's names. */
    default Predicates predicates() {
        return Predicates.builder().build();
    }

    /** One iteration of a subsystem without an FSM. */
    default void step() throws Exception {
    }

    /** After every iteration, e.g. to commit its {@code Memory}. */
    default void endIteration() {
    }
}
