package org.embodia.speech;

import java.io.ByteArrayOutputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import javax.sound.sampled.AudioFormat;

import com.sun.speech.freetts.Voice;
import com.sun.speech.freetts.audio.AudioPlayer;
import com.sun.speech.freetts.en.us.cmu_us_kal.KevinVoiceDirectory;

/**
 * Text to speech with FreeTTS's diphone voices "kevin16" (16 kHz, the default) and "kevin" (8 kHz). The audio comes
 * back at the voice's own rate, mono signed 16-bit; nothing is resampled.
 */
public final class SpeechSynthesizer implements AutoCloseable {
    public static final String DEFAULT_VOICE = "kevin16";

    private final Map<String, Voice> voices = new LinkedHashMap<>();

    public SpeechSynthesizer() {
        // The voice directory directly, not FreeTTS's VoiceManager: the manager discovers voices through jar
        // manifests and class loaders that do not exist inside a bundle.
        for (Voice voice : new KevinVoiceDirectory().getVoices()) {
            voices.put(voice.getName(), voice);
        }
    }

    public Set<String> voiceNames() {
        return Collections.unmodifiableSet(voices.keySet());
    }

    public PcmAudio synthesize(String text) {
        return synthesize(text, DEFAULT_VOICE);
    }

    /**
     * @throws IllegalArgumentException if the text is empty or blank, the voice unknown, or the text has nothing to
     *         pronounce
     */
    public synchronized PcmAudio synthesize(String text, String voiceName) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("nothing to say: the text is empty");
        }
        Voice voice = voices.get(voiceName);
        if (voice == null) {
            throw new IllegalArgumentException("unknown voice '" + voiceName + "', the voices are " + voices.keySet());
        }
        if (!voice.isLoaded()) {
            voice.allocate();
        }
        Capture capture = new Capture();
        voice.setAudioPlayer(capture);
        if (!voice.speak(text)) {
            throw new IllegalStateException("FreeTTS did not finish speaking '" + text + "'");
        }
        if (capture.format == null || capture.pcm.size() == 0) {
            throw new IllegalArgumentException("'" + text + "' has nothing to pronounce");
        }
        return PcmAudio.fromBytes(capture.pcm.toByteArray(), capture.format);
    }

    @Override
    public synchronized void close() {
        for (Voice voice : voices.values()) {
            if (voice.isLoaded()) {
                voice.deallocate();
            }
        }
    }

    /** FreeTTS's output goes to a player; this one keeps the samples instead of opening a sound card. */
    private static final class Capture implements AudioPlayer {
        final ByteArrayOutputStream pcm = new ByteArrayOutputStream();
        AudioFormat format;

        @Override
        public void setAudioFormat(AudioFormat format) {
            this.format = format;
        }

        @Override
        public AudioFormat getAudioFormat() {
            return format;
        }

        @Override
        public boolean write(byte[] audioData) {
            return write(audioData, 0, audioData.length);
        }

        @Override
        public boolean write(byte[] audioData, int offset, int size) {
            pcm.write(audioData, offset, size);
            return true;
        }

        // Volume, timing, flow control and metrics concern a real device: the buffer keeps the samples unscaled.
        @Override
        public float getVolume() {
            return 1;
        }

        @Override
        public void setVolume(float volume) {
        }

        @Override
        public void pause() {
        }

        @Override
        public void resume() {
        }

        @Override
        public void reset() {
        }

        @Override
        public boolean drain() {
            return true;
        }

        @Override
        public void begin(int size) {
        }

        @Override
        public boolean end() {
            return true;
        }

        @Override
        public void cancel() {
        }

        @Override
        public void close() {
        }

        @Override
        public long getTime() {
            return 0;
        }

        @Override
        public void resetTime() {
        }

        @Override
        public void startFirstSampleTimer() {
        }

        @Override
        public void showMetrics() {
        }
    }
}
