package org.embodia.nao.sim.speech;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;

import org.embodia.speech.PcmAudio;
import org.embodia.speech.SpeechSynthesizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoudspeakerTest {

    @Test
    void theLoudspeakerPlaysIntoWavFiles(@TempDir Path directory) throws Exception {
        try (SpeechSynthesizer synthesizer = new SpeechSynthesizer()) {
            Loudspeaker loudspeaker = new Loudspeaker(synthesizer, directory.resolve("played"));

            Loudspeaker.Playback first = loudspeaker.say("goodbye");
            Loudspeaker.Playback second = loudspeaker.say("walk");

            AudioFileFormat file = AudioSystem.getAudioFileFormat(first.file().toFile());
            AudioFormat format = file.getFormat();
            assertEquals(AudioFileFormat.Type.WAVE, file.getType());
            assertEquals(16_000, format.getSampleRate());
            assertEquals(1, format.getChannels());
            assertEquals(16, format.getSampleSizeInBits());
            assertEquals(AudioFormat.Encoding.PCM_SIGNED, format.getEncoding());
            assertArrayEquals(first.audio().samples(), PcmAudio.readWav(first.file()).samples());
            assertNotEquals(first.file(), second.file());
            assertEquals(second.audio().length(), PcmAudio.readWav(second.file()).length());
        }
    }
}
