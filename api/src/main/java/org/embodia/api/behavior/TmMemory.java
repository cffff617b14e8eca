package org.embodia.api.behavior;

import org.embodia.api.buffer.Message;

/**
 * The internal memory of a virtual effector or receptor whose behaviours end through the termination
 * marker tm ([RAPP] §3: τ ≜ e e^i[tm] = TRUE), as {@link VirtualSubsystem} requires. A memory with
 * more fields extends this one and calls {@code super.copyFrom} from its own {@code copyFrom}.
 *
 * @param <M> the memory's type
 */
public abstract class TmMemory<M extends TmMemory<M>> implements Message<M> {
    /** tm: the termination marker of the behaviour running. */
    public boolean tm;

    @Override
    public void copyFrom(M m) {
        tm = m.tm;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[tm=" + tm + "]";
    }
}
