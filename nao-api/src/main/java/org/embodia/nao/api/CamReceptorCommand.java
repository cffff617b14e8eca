package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the camera virtual receptor commands its real receptor R_core,cam, ALVideoDevice and ALMemory ([RAPP] §3.7.1). */
public final class CamReceptorCommand implements Message<CamReceptorCommand> {

    /** cmd: the NAOqi call to make (§3.7.3-3.7.5). */
    public enum Cmd {
        /** Subscribe to the camera with {@link CamReceptorCommand#params}; the receptor answers with a name_id. */
        SUBSCRIBE,
        /** Take an image for the subscriber {@link CamReceptorCommand#nameId}. */
        GET_IMAGE,
        /** Unsubscribe the subscriber {@link CamReceptorCommand#nameId}. */
        UNSUBSCRIBE,
        /** Set the camera parameter data_name of camera params[cid] to {@link CamReceptorCommand#value}. */
        SET_PARAMETERS,
        /** ALMemory getData for {@link CamReceptorCommand#dataName}. */
        GET_DATA
    }

    /** cmd: the command; null before any. */
    public Cmd cmd;
    /** data_name: the parameter to read or set. */
    public String dataName;
    /** value: the parameter's new value, ALVideoDevice's code. */
    public int value;
    /** params: resolution, camera id, picture format, colour space, frame rate. */
    public final CamParams params = new CamParams();
    /** name_id: the subscriber identifier the receptor returned on SUBSCRIBE. */
    public String nameId;

    @Override
    public void copyFrom(CamReceptorCommand c) {
        cmd = c.cmd;
        dataName = c.dataName;
        value = c.value;
        params.copyFrom(c.params);
        nameId = c.nameId;
    }

    @Override
    public String toString() {
        return "CamReceptorCommand[" + cmd + ", data_name=" + dataName + ", value=" + value + ", params=" + params + ", name_id=" + nameId + "]";
    }
}
