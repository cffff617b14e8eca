package org.embodia.api.behavior;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The plumbing of a subsystem with an FSM whose buffers are its own to declare, as a control subsystem's are ([RAPP]
 * §2.2): a name, the FSM definition's name, the input and output buffers it declares with {@link #input} and
 * {@link #output} (in that order), its internal memory with the spec's timing (behaviours read s^i, {@link #memory()},
 * and write s^(i+1), {@link #nextMemory()}), and the predicates its subclass adds. Its behaviours are {@link Behavior}
 * services that hold their own transition functions and pass data only through these buffers and this memory.
 * {@link VirtualSubsystem} is the same for a virtual effector or receptor with the four buffers the method gives one.
 *
 * @param <M> the internal memory
 */
@ConsumerType
public abstract class ControlSubsystem<M extends Message<M>> implements Subsystem {
    private final SubsystemName name;
    private final String fsm;
    private final Memory<M> memory;
    private final List<InputBuffer<?>> inputs = new ArrayList<>();
    private final List<OutputBuffer<?>> outputs = new ArrayList<>();
    /** Read-only views, made once: the scheduler asks for them whenever it plans. */
    private final List<InputBuffer<?>> inputsView = Collections.unmodifiableList(inputs);
    private final List<OutputBuffer<?>> outputsView = Collections.unmodifiableList(outputs);

    /**
     * @param name the subsystem's full name, e.g. {@code core/a./cs}
     * @param fsm the name of its FSM definition
     * @throws IllegalArgumentException if {@code name} is not a subsystem's full name
     */
    protected ControlSubsystem(String name, String fsm, Supplier<M> newMemory) {
        this.name = SubsystemName.parse(name);
        this.fsm = fsm;
        this.memory = new Memory<>(newMemory);
    }

    /** Declares an input buffer; call it while the subclass is constructed. */
    protected final <T extends Message<T>> InputBuffer<T> input(String buffer, Class<T> type, Supplier<T> factory) {
        InputBuffer<T> b = new InputBuffer<>(buffer, type, factory);
        inputs.add(b);
        return b;
    }

    /** Declares an output buffer; call it while the subclass is constructed. */
    protected final <T extends Message<T>> OutputBuffer<T> output(String buffer, Class<T> type, Supplier<T> factory) {
        OutputBuffer<T> b = new OutputBuffer<>(buffer, type, factory);
        outputs.add(b);
        return b;
    }

    @Override
    public final SubsystemName name() {
        return name;
    }

    @Override
    public final String fsm() {
        return fsm;
    }

    @Override
    public final List<InputBuffer<?>> inputs() {
        return inputsView;
    }

    @Override
    public final List<OutputBuffer<?>> outputs() {
        return outputsView;
    }

    /** The predicates the subclass adds with {@link #predicates(Predicates.Builder)}. */
    @Override
    public final Predicates predicates() {
        Predicates.Builder predicates = Predicates.builder();
        predicates(predicates);
        return predicates.build();
    }

    /** Adds the predicates the FSM definition names, read over the buffers and the memory. */
    protected abstract void predicates(Predicates.Builder predicates);

    /** s^i: the memory as the iteration found it. */
    public final M memory() {
        return memory.current();
    }

    /** s^(i+1): the memory the iteration leaves, starting as a copy of s^i. */
    public final M nextMemory() {
        return memory.next();
    }

    /** Commits the memory (s^(i+1) becomes s^i), after {@link #iterationEnded()}. */
    @Override
    public final void endIteration() {
        iterationEnded();
        memory.commit();
    }

    /** What the subclass does at the end of each iteration, before the memory is committed; nothing by default. */
    protected void iterationEnded() {
    }
}
