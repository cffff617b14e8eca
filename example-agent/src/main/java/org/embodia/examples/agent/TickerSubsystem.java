package org.embodia.examples.agent;

import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;

/** The ticker real receptor, {@code core/a.ticker/rr}: every iteration it adds {@code increment} and sends. */
public class TickerSubsystem implements Subsystem {
    public static final String NAME = "core/a.ticker/rr";

    private final OutputBuffer<Tick> ticks = new OutputBuffer<>("ticks", Tick.class, Tick::new);
    private final long increment;

    protected TickerSubsystem(long increment) {
        this.increment = increment;
        ticks.message().source = increment;
    }

    @Override
    public SubsystemName name() {
        return SubsystemName.parse(NAME);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return List.of();
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return List.of(ticks);
    }

    @Override
    public void step() {
        ticks.message().value += increment;
        ticks.send();
    }
}
