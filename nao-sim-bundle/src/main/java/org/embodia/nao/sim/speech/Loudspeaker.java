package org.embodia.nao.sim.speech;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.embodia.speech.PcmAudio;
import org.embodia.speech.SpeechSynthesizer;

/**
 * The loudspeaker of the simulated NAO (real effector E_core,ls, behaviour "say" of spec 3.2.3). There is no sound card
 * on the simulation host, so playing means writing the synthesized audio to a WAV file; {@link #say} returns once the
 * file is complete, which is when the spec's "synthesized" becomes TRUE.
 */
public final class Loudspeaker {
    private final SpeechSynthesizer synthesizer;
    private final Path outputDirectory;
    private int played;

    public Loudspeaker(SpeechSynthesizer synthesizer, Path outputDirectory) {
        this.synthesizer = synthesizer;
        this.outputDirectory = outputDirectory;
    }

    /** What one "say" played: the audio and the file it went to. */
    public record Playback(Path file, PcmAudio audio) {
    }

    public Playback say(String text) throws IOException {
        return say(text, SpeechSynthesizer.DEFAULT_VOICE);
    }

    /** @throws IllegalArgumentException if the text is empty or the voice unknown, as {@link SpeechSynthesizer} */
    public synchronized Playback say(String text, String voice) throws IOException {
        PcmAudio audio = synthesizer.synthesize(text, voice);
        Files.createDirectories(outputDirectory);
        Path file = outputDirectory.resolve(String.format("say-%04d.wav", ++played));
        audio.writeWav(file);
        return new Playback(file, audio);
    }
}
