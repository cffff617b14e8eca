package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * What the control subsystem commands the loudspeaker virtual effector e_core,ls ([RAPP] §3.2.1):
 * cmd with arg = [text, fp, params, data_name, volume, spr, playLoop, begin_position].
 */
public final class LsCommand implements Message<LsCommand> {

    /** cmd ∈ {SAY, PLAY, STOP, GET, SET_PARAMS} (SET_PARAMS from idle's terminal condition, §3.2.2). */
    public enum Cmd {
        SAY, PLAY, STOP, GET, SET_PARAMS
    }

    /** cmd: the command; null before any. */
    public Cmd cmd;
    /** text: the text to synthesize. */
    public String text;
    /** fp: the path of the sound file to play. */
    public String fp;
    /** params: voice, language, volume and panorama. */
    public final LsParams params = new LsParams();
    /** data_name: the ALMemory key for GET. */
    public String dataName;
    /** volume: playback volume, 0.0 to 1.0. */
    public double volume;
    /** spr: stereo panorama, -1.0 left to 1.0 right. */
    public double spr;
    /** playLoop: TRUE plays the file in a loop, FALSE once. */
    public boolean playLoop;
    /** begin_position: where playing begins, s. */
    public double beginPosition;

    @Override
    public void copyFrom(LsCommand c) {
        cmd = c.cmd;
        text = c.text;
        fp = c.fp;
        params.copyFrom(c.params);
        dataName = c.dataName;
        volume = c.volume;
        spr = c.spr;
        playLoop = c.playLoop;
        beginPosition = c.beginPosition;
    }

    @Override
    public String toString() {
        return "LsCommand[" + cmd + ", text=" + (text == null ? null : '"' + text + '"') + ", fp=" + fp + ", params=" + params
                + ", data_name=" + dataName + ", volume=" + volume + ", spr=" + spr + ", playLoop=" + playLoop + ", begin_position="
                + beginPosition + " s]";
    }
}
