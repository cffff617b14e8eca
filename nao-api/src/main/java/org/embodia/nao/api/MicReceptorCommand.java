package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the microphone virtual receptor commands its real receptor R_core,mic: ALAudioRecorder, ALAudioDevice, ALSpeechRecognition, ALMemory ([RAPP] §3.3.1). */
public final class MicReceptorCommand implements Message<MicReceptorCommand> {

    /** cmd: the NAOqi call to make (§3.3.3-3.3.6). */
    public enum Cmd {
        /** startMicrophonesRecording into {@link MicReceptorCommand#fp} with {@link MicReceptorCommand#params}. */
        START_RECORDING,
        /** stopMicrophonesRecording. */
        STOP_RECORDING,
        /** Subscribe to the speech recognition with the vocabulary {@link MicReceptorCommand#dct}. */
        SUBSCRIBE,
        /** Unsubscribe from the speech recognition. */
        UNSUBSCRIBE,
        /** ALMemory getData for {@link MicReceptorCommand#dataName}. */
        GET_DATA
    }

    /** cmd: the command; null before any. */
    public Cmd cmd;
    /** rec: TRUE when recording is to be triggered, FALSE when it is to be stopped. */
    public boolean rec;
    /** data_name: the ALMemory key for GET_DATA (e.g. "LastWordRecognized"). */
    public String dataName;
    /** fp: the file the recorded samples go to. */
    public String fp;
    /** threshold: the least recognition probability required, 0.0 to 1.0. */
    public double threshold;
    /** enable_mic_comp: TRUE enables the microphones' energy computation (ALAudioDevice enableEnergyComputation). */
    public boolean enableMicComp;
    /** params: sample rate and channels. */
    public final MicParams params = new MicParams();
    /** dct: the vocabulary to recognize. */
    public final WordList dct = new WordList();

    @Override
    public void copyFrom(MicReceptorCommand c) {
        cmd = c.cmd;
        rec = c.rec;
        dataName = c.dataName;
        fp = c.fp;
        threshold = c.threshold;
        enableMicComp = c.enableMicComp;
        params.copyFrom(c.params);
        dct.copyFrom(c.dct);
    }

    @Override
    public String toString() {
        return "MicReceptorCommand[" + cmd + ", rec=" + rec + ", data_name=" + dataName + ", fp=" + fp + ", threshold=" + threshold
                + ", enable_mic_comp=" + enableMicComp + ", params=" + params + ", dct=" + dct + "]";
    }
}
