package org.embodia.api.behavior;

import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;

/**
 * How a virtual effector or receptor takes commands from its control subsystem: a command counts in
 * the step it arrives (cs sends each once: the spec's cx^i[cmd]), it is checked once per step, and
 * idle keeps a valid one as the arguments cx^(i0)[arg] the behaviour it selects starts from, while an
 * invalid one goes no further and its reason goes back to cs.
 *
 * <p>The owner calls {@link #endIteration()} at the end of each of its iterations. Nothing here
 * allocates: the check is a function given once, and {@link #accept()} copies into a preallocated
 * message.
 *
 * @param <C> the command message
 */
public final class CommandIntake<C extends Message<C>> {
    private final InputBuffer<C> command;
    private final Function<? super C, String> check;
    private final C accepted;
    private long step;
    private long checkedStep = -1;
    private String rejection;

    /**
     * @param command the input buffer the commands arrive in
     * @param factory makes the message that keeps the last accepted command
     * @param check returns why a command is rejected, or null when it is valid
     */
    public CommandIntake(InputBuffer<C> command, Supplier<C> factory, Function<? super C, String> check) {
        this.command = command;
        this.check = check;
        this.accepted = factory.get();
    }

    /** A command arrived in this step. */
    public boolean arrived() {
        return command.isNew();
    }

    /** A command arrived in this step and {@code test} holds for it, e.g. {@code c -> c.cmd == Cmd.GET}. */
    public boolean arrived(Predicate<? super C> test) {
        return command.isNew() && test.test(command.get());
    }

    /** The command that arrived in this step (meaningful when {@link #arrived()}). */
    public C command() {
        return command.get();
    }

    /** A command arrived in this step and passes the check. */
    public boolean valid() {
        return command.isNew() && rejection() == null;
    }

    /** Why the command that arrived in this step is rejected, or null (also when none arrived); checked once per step. */
    public String rejection() {
        if (checkedStep != step) {
            checkedStep = step;
            rejection = command.isNew() ? check.apply(command.get()) : null;
        }
        return rejection;
    }

    /**
     * Idle's answer to the command of this step: a valid one is kept as {@link #accepted()}; an
     * invalid one is not. Returns the rejection's reason, or null when the command was accepted or
     * none arrived.
     */
    public String accept() {
        if (!command.isNew()) {
            return null;
        }
        String reason = rejection();
        if (reason == null) {
            accepted.copyFrom(command.get());
        }
        return reason;
    }

    /** The command idle accepted last: the arguments the running behaviour started with. */
    public C accepted() {
        return accepted;
    }

    public void endIteration() {
        step++;
    }
}
