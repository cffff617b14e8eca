package org.embodia.examples.agent.internal;

import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.examples.agent.Tick;
import org.osgi.service.component.annotations.Component;

/**
 * The counter virtual receptor, {@code core/a.counter/vr}, with the FSM {@code examples.counter}:
 * idle until ticks arrive, counting them while they do. Its behaviours are services of their own.
 */
@Component(service = {Subsystem.class, Counter.class})
public final class Counter implements Subsystem {
    static final String NAME = "core/a.counter/vr";

    final InputBuffer<Tick> ticks = new InputBuffer<>("ticks", Tick.class, Tick::new);
    final OutputBuffer<Tick> count = new OutputBuffer<>("count", Tick.class, Tick::new);

    @Override
    public SubsystemName name() {
        return SubsystemName.parse(NAME);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return List.of(ticks);
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return List.of(count);
    }

    @Override
    public String fsm() {
        return "examples.counter";
    }

    @Override
    public Predicates predicates() {
        return Predicates.builder().add("recvTick", ticks::isNew).build();
    }
}
