package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the control subsystem commands the camera virtual receptor r_core,cam ([RAPP] §3.7.1): cmd with arg = [params, data_name, value]. */
public final class CamCommand implements Message<CamCommand> {

    /** cmd ∈ {GET, IMAGE, SET_PARAMETERS}. */
    public enum Cmd {
        GET, IMAGE, SET_PARAMETERS
    }

    /** cmd: the command; null before any. */
    public Cmd cmd;
    /** params: resolution and camera id (res, cid). */
    public final CamParams params = new CamParams();
    /** data_name: the camera parameter to read or set (resolution, picture format, colour space, frame rate). */
    public String dataName;
    /** value: SET_PARAMETERS's new value of the parameter data_name, in ALVideoDevice's code. */
    public int value;

    @Override
    public void copyFrom(CamCommand c) {
        cmd = c.cmd;
        params.copyFrom(c.params);
        dataName = c.dataName;
        value = c.value;
    }

    @Override
    public String toString() {
        return "CamCommand[" + cmd + ", params=" + params + ", data_name=" + dataName + ", value=" + value + "]";
    }
}
