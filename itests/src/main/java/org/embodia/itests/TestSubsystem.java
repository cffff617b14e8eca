package org.embodia.itests;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;

/** A subsystem a test registers as a service, with Sample buffers and a step the test writes. */
final class TestSubsystem implements Subsystem {
    private final SubsystemName name;
    final List<InputBuffer<?>> inputs = new ArrayList<>();
    final List<OutputBuffer<?>> outputs = new ArrayList<>();
    private Consumer<TestSubsystem> step = s -> { };
    private String fsm;
    private Predicates predicates = Predicates.builder().build();

    TestSubsystem(String name) {
        this.name = SubsystemName.parse(name);
    }

    InputBuffer<Sample> input(String buffer) {
        InputBuffer<Sample> in = new InputBuffer<>(buffer, Sample.class, Sample::new);
        inputs.add(in);
        return in;
    }

    OutputBuffer<Sample> output(String buffer) {
        OutputBuffer<Sample> out = new OutputBuffer<>(buffer, Sample.class, Sample::new);
        outputs.add(out);
        return out;
    }

    TestSubsystem step(Consumer<TestSubsystem> body) {
        this.step = body;
        return this;
    }

    TestSubsystem fsm(String definition, Predicates p) {
        this.fsm = definition;
        this.predicates = p;
        return this;
    }

    @Override
    public SubsystemName name() {
        return name;
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return inputs;
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return outputs;
    }

    @Override
    public String fsm() {
        return fsm;
    }

    @Override
    public Predicates predicates() {
        return predicates;
    }

    @Override
    public void step() {
        step.accept(this);
    }
}
