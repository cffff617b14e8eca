package org.embodia.api.behavior;

import org.embodia.api.buffer.Message;

/**
 * The internal memory of a {@link ControlSubsystem} that keeps nothing from one iteration to the next, as Velma's
 * ve_body, whose every transition function reads only its buffers.
 */
public final class NoMemory implements Message<NoMemory> {
    @Override
    public void copyFrom(NoMemory source) {
        // nothing to copy: see the class comment
    }
}
