package org.embodia.nao.sim;

import java.util.function.Supplier;

import org.embodia.api.buffer.Message;

/**
 * A device that takes commands from its real effector or receptor: the subsystem's step hands a new command over,
 * and the next tick's step (a) carries it out. Both on the clock thread, so the hand-over is a copy into a
 * preallocated message and a flag.
 *
 * @param <C> the command message
 */
abstract class CommandedDevice<C extends Message<C>> implements Device {
    private final C pending;
    private boolean arrived;

    CommandedDevice(Supplier<C> commands) {
        pending = commands.get();
    }

    /** A new command from the subsystem; clock thread. */
    final void command(C c) {
        pending.copyFrom(c);
        arrived = true;
    }

    @Override
    public final void actuate(long start) {
        if (!arrived) {
            return;
        }
        arrived = false;
        carryOut(pending, start);
    }

    /**
     * Step (a) of the tick after a command arrived: carry it out.
     *
     * @param start ticks completed before this one: the simulated time, in 20 ms steps, at which the command acts
     */
    abstract void carryOut(C command, long start);
}
