package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the touch, inertial or FSR virtual receptor returns to the control subsystem ([RAPP] §3.4.1-3.6.1). */
public final class SensorStatus implements Message<SensorStatus> {
    /** value: the NAOqi parameter a GET asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;
    /** Why the last command from cs was rejected; null once a command is accepted. */
    public String reason;
    /** Incremented on each rejection. */
    public long reasonSeq;

    @Override
    public void copyFrom(SensorStatus s) {
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
        reason = s.reason;
        reasonSeq = s.reasonSeq;
    }

    @Override
    public String toString() {
        return "SensorStatus[value=" + value + " (#" + valueSeq + ")" + (reason == null ? "" : ", rejected (#" + reasonSeq + "): " + reason)
                + "]";
    }
}
