package org.embodia.nao.cam;

import org.embodia.api.behavior.TmMemory;

/** The internal memory r_core,cam of the camera virtual receptor ([RAPP] §3.7.1). */
public final class CamMemory extends TmMemory<CamMemory> {
    /** name_id: the subscriber identifier the real receptor returned on image's SUBSCRIBE; null while no subscription is known. */
    public String nameId;

    @Override
    public void copyFrom(CamMemory m) {
        super.copyFrom(m);
        nameId = m.nameId;
    }

    @Override
    public String toString() {
        return "CamMemory[tm=" + tm + ", name_id=" + nameId + "]";
    }
}
