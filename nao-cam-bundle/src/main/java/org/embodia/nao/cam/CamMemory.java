package org.embodia.nao.cam;

import org.embodia.api.buffer.Message;

/** The internal memory r_core,cam of the camera virtual receptor (seed 001 §3.7.1). */
public final class CamMemory implements Message<CamMemory> {
    /** tm: the termination marker of the behaviour running. */
    public boolean tm;
    /** name_id: the subscriber identifier the real receptor returned on image's SUBSCRIBE; null while no subscription is known. */
    public String nameId;

    @Override
    public void copyFrom(CamMemory m) {
        tm = m.tm;
        nameId = m.nameId;
    }

    @Override
    public String toString() {
        return "CamMemory[tm=" + tm + ", name_id=" + nameId + "]";
    }
}
