package org.embodia.nao.sensors;

import org.embodia.api.buffer.Message;

/** The internal memory of the touch, inertial or FSR virtual receptor (seed 001 §3.4.1, §3.5.1, §3.6.1): tm alone. */
public final class SensorMemory implements Message<SensorMemory> {
    /** tm: the termination marker of the behaviour running. */
    public boolean tm;

    @Override
    public void copyFrom(SensorMemory m) {
        tm = m.tm;
    }

    @Override
    public String toString() {
        return "SensorMemory[tm=" + tm + "]";
    }
}
