package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * What the control subsystem commands the touch, inertial or FSR virtual receptor r_core,touch,
 * r_core,inertial, r_core,fsr ([RAPP] §3.4.1, §3.5.1, §3.6.1, whose buffers are alike): cmd with
 * arg = [data_name].
 */
public final class SensorCommand implements Message<SensorCommand> {

    /** cmd ∈ {GET}. */
    public enum Cmd {
        GET
    }

    /** cmd: the command; null before any. */
    public Cmd cmd;
    /** data_name: the ALMemory key to read, e.g. a touch sensor's, an inertial or an FSR value. */
    public String dataName;

    @Override
    public void copyFrom(SensorCommand c) {
        cmd = c.cmd;
        dataName = c.dataName;
    }

    @Override
    public String toString() {
        return "SensorCommand[" + cmd + ", data_name=" + dataName + "]";
    }
}
