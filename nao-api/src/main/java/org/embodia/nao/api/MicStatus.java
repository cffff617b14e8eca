package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the microphone virtual receptor returns to the control subsystem ([RAPP] §3.3.1). */
public final class MicStatus implements Message<MicStatus> {
    /** The spec's "Empty" word: nothing was recognized with enough probability. */
    public static final String EMPTY = "";

    /** rec: TRUE when the recording terminated. */
    public boolean rec;
    /** Incremented each time {@link #rec} is assigned: a change is new(rec). */
    public long recSeq;
    /** rw: the recognized word with the biggest probability, or {@link #EMPTY}. */
    public String rw;
    /** Incremented each time {@link #rw} is assigned: a change is new(rw). */
    public long rwSeq;
    /** value: the NAOqi parameter a GET asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;
    /** Why the last command from cs was rejected; null once a command is accepted. */
    public String reason;
    /** Incremented on each rejection. */
    public long reasonSeq;

    @Override
    public void copyFrom(MicStatus s) {
        rec = s.rec;
        recSeq = s.recSeq;
        rw = s.rw;
        rwSeq = s.rwSeq;
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
        reason = s.reason;
        reasonSeq = s.reasonSeq;
    }

    @Override
    public String toString() {
        return "MicStatus[rec=" + rec + " (#" + recSeq + "), rw=\"" + rw + "\" (#" + rwSeq + "), value=" + value + " (#" + valueSeq + ")"
                + (reason == null ? "" : ", rejected (#" + reasonSeq + "): " + reason) + "]";
    }
}
