package org.embodia.nao.ls;

import org.embodia.api.buffer.Message;

/** The internal memory e_core,ls of the loudspeaker virtual effector (seed 001 §3.2.1): only tm. */
public final class LsMemory implements Message<LsMemory> {
    /** tm: the termination marker of the behaviour running. */
    public boolean tm;

    @Override
    public void copyFrom(LsMemory m) {
        tm = m.tm;
    }

    @Override
    public String toString() {
        return "LsMemory[tm=" + tm + "]";
    }
}
