package org.embodia.nao.mic;

import org.embodia.api.behavior.TmMemory;

/**
 * The internal memory r_core,mic of the microphone virtual receptor ([RAPP] §3.3.1). The spec's
 * rd (raw data) is not kept: no transition function reads or writes it, the real receptor writes
 * the samples to fp. threshold is recog's (§3.3.5 memorizes it at i0).
 */
public final class MicMemory extends TmMemory<MicMemory> {
    /** silence: the iterations record records, or register's silent iterations that end it. */
    public int silence;
    /** cit: register's count of consecutive silent iterations; past silence once STOP_RECORDING is sent. */
    public int cit;
    /** threshold: the least recognition probability recog passes a word with. */
    public double threshold;

    @Override
    public void copyFrom(MicMemory m) {
        super.copyFrom(m);
        silence = m.silence;
        cit = m.cit;
        threshold = m.threshold;
    }

    @Override
    public String toString() {
        return "MicMemory[tm=" + tm + ", silence=" + silence + ", cit=" + cit + ", threshold=" + threshold + "]";
    }
}
