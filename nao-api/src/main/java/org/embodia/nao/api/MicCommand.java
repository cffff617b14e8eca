package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * What the control subsystem commands the microphone virtual receptor r_core,mic ([RAPP] §3.3.1):
 * cmd with arg = [params, dct, data_name, fp, sampling_period, time, enrg, st, threshold].
 */
public final class MicCommand implements Message<MicCommand> {

    /** cmd ∈ {RECORD, REGISTER, ABORT, RECOGNIZE, GET}. */
    public enum Cmd {
        RECORD, REGISTER, ABORT, RECOGNIZE, GET
    }

    /** cmd: the command; null before any. */
    public Cmd cmd;
    /** params: sample rate and microphone channels. */
    public final MicParams params = new MicParams();
    /** dct: the words to be recognized. */
    public final WordList dct = new WordList();
    /** data_name: the ALMemory key for GET. */
    public String dataName;
    /** fp: the file the recorded samples go to. */
    public String fp;
    /** sampling_period: the virtual receptor's sampling period, s. */
    public double samplingPeriod;
    /** time: the commanded duration of the recording, s. */
    public double time;
    /** enrg: the microphones' signal energy threshold, in ALAudioDevice's energy unit. */
    public double enrg;
    /** st: how long the energy must stay below enrg to stop the recording, s. */
    public double st;
    /** threshold: the least recognition probability accepted, 0.0 to 1.0. */
    public double threshold;

    @Override
    public void copyFrom(MicCommand c) {
        cmd = c.cmd;
        params.copyFrom(c.params);
        dct.copyFrom(c.dct);
        dataName = c.dataName;
        fp = c.fp;
        samplingPeriod = c.samplingPeriod;
        time = c.time;
        enrg = c.enrg;
        st = c.st;
        threshold = c.threshold;
    }

    @Override
    public String toString() {
        return "MicCommand[" + cmd + ", params=" + params + ", dct=" + dct + ", data_name=" + dataName + ", fp=" + fp + ", sampling_period="
                + samplingPeriod + " s, time=" + time + " s, enrg=" + enrg + ", st=" + st + " s, threshold=" + threshold + "]";
    }
}
