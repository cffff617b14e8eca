package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the touch, inertial or FSR real receptor reports ([RAPP] §3.4.1-3.6.1). */
public final class SensorReceptorStatus implements Message<SensorReceptorStatus> {
    /** value: the ALMemory entry a GET_DATA asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;

    @Override
    public void copyFrom(SensorReceptorStatus s) {
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
    }

    @Override
    public String toString() {
        return "SensorReceptorStatus[value=" + value + " (#" + valueSeq + ")]";
    }
}
