package org.embodia.nao.api;

import java.util.Arrays;

import org.embodia.api.buffer.Message;

/** What the microphones' real receptor reports ([RAPP] §3.3.1). */
public final class MicReceptorStatus implements Message<MicReceptorStatus> {
    /** enrg: each microphone's signal energy (ALAudioDevice's unit), indexed as {@link MicParams#LEFT} etc. */
    public final double[] enrg = new double[MicParams.MICROPHONES];
    /** value: the ALMemory entry a GET_DATA asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;
    /** rw: the recognition's (word, probability) pairs. */
    public final RecognizedWords rw = new RecognizedWords();
    /** Incremented each time {@link #rw} is assigned: a change is new(rw). */
    public long rwSeq;
    /**
     * Incremented each time a recording has ended, its file at fp complete: what NAOqi's stopMicrophonesRecording
     * returning tells its caller. A change is new(rec).
     */
    public long recSeq;

    @Override
    public void copyFrom(MicReceptorStatus s) {
        System.arraycopy(s.enrg, 0, enrg, 0, MicParams.MICROPHONES);
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
        rw.copyFrom(s.rw);
        rwSeq = s.rwSeq;
        recSeq = s.recSeq;
    }

    @Override
    public String toString() {
        return "MicReceptorStatus[enrg(left, right, front, rear)=" + Arrays.toString(enrg) + ", value=" + value + " (#" + valueSeq + "), rw="
                + rw + " (#" + rwSeq + "), recordings ended=" + recSeq + "]";
    }
}
