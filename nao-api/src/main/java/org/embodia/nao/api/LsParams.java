package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** params = [dvt, dl, dv, spr]: the loudspeaker virtual effector's parameters ([RAPP] §3.2.1). */
public final class LsParams implements Message<LsParams> {
    /** dvt: desired voice type, a voice ALTextToSpeech knows. */
    public String dvt;
    /** dl: desired language, as ALTextToSpeech names it ("English", ...). */
    public String dl;
    /** dv: desired volume, 0.0 to 1.0. */
    public double dv;
    /** spr: stereo panorama, -1.0 left, 0.0 centre, 1.0 right. */
    public double spr;

    @Override
    public void copyFrom(LsParams p) {
        dvt = p.dvt;
        dl = p.dl;
        dv = p.dv;
        spr = p.spr;
    }

    @Override
    public String toString() {
        return "[dvt=" + dvt + ", dl=" + dl + ", dv=" + dv + ", spr=" + spr + "]";
    }
}
