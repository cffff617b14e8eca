package org.embodia.nao.shell;

import java.util.function.Consumer;
import java.util.function.Supplier;

import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;

/**
 * The console's link to one virtual effector or receptor: its command buffer {@code <name>_command}
 * and status buffer {@code <name>_status}, and the hand-over between the shell's threads and the
 * loop. The shell fills a request that the loop forwards in its next step; the loop copies each new
 * status into a view the shell reads. Both hand-overs are buffer pairs, so the loop's side stays
 * single-writer, lock-free and allocation-free.
 *
 * @param <C> the command message
 * @param <S> the status message
 */
final class Channel<C extends Message<C>, S extends Message<S>> {
    private final String target;
    private final Supplier<S> statusFactory;
    final OutputBuffer<C> command;
    final InputBuffer<S> status;
    private final OutputBuffer<C> request;
    private final InputBuffer<C> requested;
    private final OutputBuffer<S> viewOut;
    private final InputBuffer<S> view;
    private volatile long forwarded;
    private volatile long statuses;

    Channel(String name, String target, Class<C> commandType, Supplier<C> commands, Class<S> statusType, Supplier<S> statusFactory) {
        this.target = target;
        this.statusFactory = statusFactory;
        command = new OutputBuffer<>(name + "_command", commandType, commands);
        status = new InputBuffer<>(name + "_status", statusType, statusFactory);
        request = new OutputBuffer<>("request", commandType, commands);
        requested = new InputBuffer<>("request", commandType, commands);
        request.connect(requested);
        viewOut = new OutputBuffer<>("view", statusType, statusFactory);
        view = new InputBuffer<>("view", statusType, statusFactory);
        viewOut.connect(view);
    }

    /** The subsystem this channel commands, e.g. {@code core/a.body/ve}. */
    String target() {
        return target;
    }

    /**
     * Fills a command and hands it to the loop, which sends it to the subsystem in its next step.
     * Returns the number of commands forwarded before this one: the command is out once
     * {@link #forwarded()} exceeds it. A command posted before the loop took the previous one
     * replaces it.
     */
    synchronized long post(Consumer<C> fill) {
        long before = forwarded;
        C c = request.message();
        fill.accept(c);
        request.send();
        return before;
    }

    /** Commands the loop has sent to the subsystem. */
    long forwarded() {
        return forwarded;
    }

    /** Statuses received from the subsystem. */
    long statuses() {
        return statuses;
    }

    /** A copy of the newest status the subsystem sent (all defaults before the first). */
    synchronized S latest() {
        view.receive();
        S copy = statusFactory.get();
        copy.copyFrom(view.get());
        return copy;
    }

    /** In the loop's step: forwards the shell's request, if there is a new one, and publishes a new status. */
    void step() {
        if (requested.receive() == Freshness.NEW_DATA) {
            command.write(requested.get());
            forwarded++;
        }
        if (status.isNew()) {
            viewOut.write(status.get());
            statuses++;
        }
    }
}
