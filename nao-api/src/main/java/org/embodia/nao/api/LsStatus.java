package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the loudspeaker virtual effector returns to the control subsystem ([RAPP] §3.2.1). */
public final class LsStatus implements Message<LsStatus> {
    /** reply: TRUE when the sound synthesis terminated (or was stopped). */
    public boolean reply;
    /** Incremented each time {@link #reply} is assigned: a change is new(reply). */
    public long replySeq;
    /** value: the NAOqi parameter a GET asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;
    /** Why the last command from cs was rejected; null once a command is accepted. */
    public String reason;
    /** Incremented on each rejection. */
    public long reasonSeq;

    @Override
    public void copyFrom(LsStatus s) {
        reply = s.reply;
        replySeq = s.replySeq;
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
        reason = s.reason;
        reasonSeq = s.reasonSeq;
    }

    @Override
    public String toString() {
        return "LsStatus[reply=" + reply + " (#" + replySeq + "), value=" + value + " (#" + valueSeq + ")"
                + (reason == null ? "" : ", rejected (#" + reasonSeq + "): " + reason) + "]";
    }
}
