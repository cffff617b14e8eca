package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the touch, inertial or FSR virtual receptor commands its real receptor, ALMemory ([RAPP] §3.4.1-3.6.1). */
public final class SensorReceptorCommand implements Message<SensorReceptorCommand> {

    /** cmd: the NAOqi call to make. */
    public enum Cmd {
        /** ALMemory getData for {@link SensorReceptorCommand#dataName}. */
        GET_DATA
    }

    /** cmd: the command; null before any. */
    public Cmd cmd;
    /** data_name: the ALMemory key to read. */
    public String dataName;

    @Override
    public void copyFrom(SensorReceptorCommand c) {
        cmd = c.cmd;
        dataName = c.dataName;
    }

    @Override
    public String toString() {
        return "SensorReceptorCommand[" + cmd + ", data_name=" + dataName + "]";
    }
}
