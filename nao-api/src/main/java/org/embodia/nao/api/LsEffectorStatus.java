package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the loudspeaker's real effector reports ([RAPP] §3.2.1). */
public final class LsEffectorStatus implements Message<LsEffectorStatus> {
    /** synthesized: TRUE when the current text synthesis is finished. */
    public boolean synthesized;
    /** Incremented each time {@link #synthesized} is assigned: a change is new(synthesized). */
    public long synthesizedSeq;
    /** value: the ALMemory entry a GET_DATA asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;

    @Override
    public void copyFrom(LsEffectorStatus s) {
        synthesized = s.synthesized;
        synthesizedSeq = s.synthesizedSeq;
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
    }

    @Override
    public String toString() {
        return "LsEffectorStatus[synthesized=" + synthesized + " (#" + synthesizedSeq + "), value=" + value + " (#" + valueSeq + ")]";
    }
}
