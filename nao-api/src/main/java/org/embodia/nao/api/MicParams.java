package org.embodia.nao.api;

import java.util.Arrays;

import org.embodia.api.buffer.Message;

/** params: the microphone parameters, sample rate and channels ([RAPP] §3.3.1). */
public final class MicParams implements Message<MicParams> {
    /** NAO's four microphones, in the order NAOqi's channel lists use: left, right, front, rear. */
    public static final int MICROPHONES = 4;
    public static final int LEFT = 0;
    public static final int RIGHT = 1;
    public static final int FRONT = 2;
    public static final int REAR = 3;

    /** Sample rate, Hz (ALAudioDevice: 16000 or 48000). */
    public int sampleRate;
    /** Which microphones record, indexed {@link #LEFT}, {@link #RIGHT}, {@link #FRONT}, {@link #REAR}. */
    public final boolean[] channels = new boolean[MICROPHONES];

    @Override
    public void copyFrom(MicParams p) {
        sampleRate = p.sampleRate;
        System.arraycopy(p.channels, 0, channels, 0, MICROPHONES);
    }

    @Override
    public String toString() {
        return "[sampleRate=" + sampleRate + " Hz, channels(left, right, front, rear)=" + Arrays.toString(channels) + "]";
    }
}
