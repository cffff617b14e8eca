package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the loudspeaker virtual effector commands its real effector E_core,ls: ALTextToSpeech, ALAudioPlayer, ALMemory ([RAPP] §3.2.1). */
public final class LsEffectorCommand implements Message<LsEffectorCommand> {

    /** cmd: the NAOqi call to make (§3.2.3-3.2.7). */
    public enum Cmd {
        /** ALTextToSpeech say {@link LsEffectorCommand#text} in the language params[dl]. */
        SAY,
        /** Stop every sound (ALTextToSpeech / ALAudioPlayer stopAll). */
        STOP_ALL,
        /** ALAudioPlayer playFileInLoop {@link LsEffectorCommand#fp} at params[dv], params[spr]. */
        PLAY_FILE_IN_LOOP,
        /** ALAudioPlayer playFileFromPosition {@link LsEffectorCommand#fp} from begin_position at params[dv], params[spr]. */
        PLAY_FROM_POSITION,
        /** Set {@link LsEffectorCommand#params}. */
        SET_PARAMETERS,
        /** ALMemory getData for {@link LsEffectorCommand#dataName}. */
        GET_DATA
    }

    /** cmd: the command; null before any. */
    public Cmd cmd;
    /** text: the text to synthesize. */
    public String text;
    /** data_name: the ALMemory key for GET_DATA. */
    public String dataName;
    /** fp: the path of the sound file to play. */
    public String fp;
    /** begin_position: where playing begins, s. */
    public double beginPosition;
    /** params: voice, language, volume and panorama. */
    public final LsParams params = new LsParams();

    @Override
    public void copyFrom(LsEffectorCommand c) {
        cmd = c.cmd;
        text = c.text;
        dataName = c.dataName;
        fp = c.fp;
        beginPosition = c.beginPosition;
        params.copyFrom(c.params);
    }

    @Override
    public String toString() {
        return "LsEffectorCommand[" + cmd + ", text=" + (text == null ? null : '"' + text + '"') + ", data_name=" + dataName + ", fp=" + fp
                + ", begin_position=" + beginPosition + " s, params=" + params + "]";
    }
}
