package org.embodia.bench.voice;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.embodia.bench.voice.Scoring.Kind;
import org.embodia.bench.voice.Scoring.Utterance;
import org.embodia.speech.PcmAudio;
import org.embodia.speech.SpeechSynthesizer;

/**
 * The evaluation set, synthesized at run time: every text in every voice, 16 kHz mono 16-bit with 0.5 s of silence
 * around, clean and mixed with sox's white and pink noise at 20 and 10 dB SNR ({@link NoiseMixer}). espeak-ng and sox
 * are Debian's (apt-get install espeak-ng sox).
 */
final class VoiceSet {
    static final int RATE = 16_000;
    static final double PAD_SECONDS = 0.5;

    /** engine "freetts" (arg: the voice) or "espeak" (arg: espeak-ng's -v, wpm its -s). */
    record Voice(String name, String engine, String arg, int wpm) {
    }

    record Condition(String name, String noise, double snrDb) {
        boolean clean() {
            return noise == null;
        }
    }

    record Text(Kind kind, String text, String expected) {
    }

    static final List<Voice> VOICES = List.of(
            new Voice("freetts-kevin16", "freetts", "kevin16", 0),
            // FreeTTS's other general-purpose voice is kevin16's diphones at 8 kHz; alan (cmu_time_awb) only says times
            new Voice("freetts-kevin8k", "freetts", "kevin", 0),
            new Voice("espeak-en-175", "espeak", "en", 175),
            new Voice("espeak-en+m3-175", "espeak", "en+m3", 175),
            new Voice("espeak-en-us-140", "espeak", "en-us", 140),
            new Voice("espeak-en-us-175", "espeak", "en-us", 175),
            new Voice("espeak-en-us+f3-175", "espeak", "en-us+f3", 175));

    static final List<Condition> CONDITIONS = List.of(new Condition("clean", null, 0),
            new Condition("white20", "whitenoise", 20), new Condition("white10", "whitenoise", 10),
            new Condition("pink20", "pinknoise", 20), new Condition("pink10", "pinknoise", 10));

    static final List<Text> TEXTS = texts();

    private static List<Text> texts() {
        List<Text> texts = new ArrayList<>();
        for (String k : List.of("long", "abort", "hello", "greet", "photo", "picture", "walk")) {
            texts.add(new Text(Kind.KEYWORD, k, k));
        }
        for (String w : List.of("goodbye", "robot", "weather", "water", "music", "yes", "table", "seven")) {
            texts.add(new Text(Kind.OTHER, w, null));
        }
        texts.add(new Text(Kind.LONG_APP, "please take a photo of me", "photographer"));
        texts.add(new Text(Kind.LONG_APP, "take a picture of us", "photographer"));
        texts.add(new Text(Kind.LONG_APP, "say hello to my friend", "greeter"));
        texts.add(new Text(Kind.LONG_APP, "can you walk over there", "walker"));
        texts.add(new Text(Kind.LONG_APP, "walk a little please", "walker"));
        texts.add(new Text(Kind.LONG_NONE, "what is the weather like today", null));
        texts.add(new Text(Kind.LONG_NONE, "tell me a story", null));
        texts.add(new Text(Kind.LONG_NONE, "how are you doing", null));
        return List.copyOf(texts);
    }

    private VoiceSet() {
    }

    /** Writes the set under {@code dir} (wav/voice/condition/...) and returns its utterances. */
    static List<Utterance> generate(Path dir, List<Voice> voices, List<Condition> conditions) throws IOException,
            InterruptedException {
        Path work = Files.createDirectories(dir.resolve("tmp"));
        List<Utterance> set = new ArrayList<>();
        try (SpeechSynthesizer freetts = new SpeechSynthesizer()) {
            int index = 0;
            for (Voice voice : voices) {
                for (Text text : TEXTS) {
                    short[] speech = synthesize(freetts, voice, text.text(), work);
                    short[] padded = pad(speech);
                    double speechRms = NoiseMixer.activeRms(speech, RATE);
                    for (Condition c : conditions) {
                        short[] samples = padded;
                        if (!c.clean()) {
                            short[] noise = noise(dir, c.noise());
                            // A different stretch of the noise for each utterance, the same at every run.
                            int offset = (int) ((index * 7919L) % (noise.length - padded.length));
                            double gain = NoiseMixer.gain(speechRms, NoiseMixer.rms(noise, offset, offset
                                    + padded.length), c.snrDb());
                            samples = NoiseMixer.mix(padded, noise, offset, gain);
                        }
                        String slug = text.text().replace(' ', '_');
                        Path file = Files.createDirectories(dir.resolve("wav").resolve(voice.name()).resolve(c.name()))
                                .resolve(text.kind().name().toLowerCase(Locale.ROOT) + "-" + slug + ".wav");
                        new PcmAudio(RATE, samples).writeWav(file);
                        set.add(new Utterance(voice.name() + "/" + c.name() + "/" + slug, voice.name(), c.name(),
                                text.kind(), text.text(), text.expected(), file));
                    }
                    index++;
                }
            }
        }
        return set;
    }

    private static short[] pad(short[] speech) {
        int pad = (int) Math.round(RATE * PAD_SECONDS);
        short[] padded = new short[speech.length + 2 * pad];
        System.arraycopy(speech, 0, padded, pad, speech.length);
        return padded;
    }

    private static short[] synthesize(SpeechSynthesizer freetts, Voice voice, String text, Path work)
            throws IOException, InterruptedException {
        Path raw = work.resolve("raw.wav");
        Path resampled = work.resolve("16k.wav");
        if (voice.engine().equals("freetts")) {
            PcmAudio audio = freetts.synthesize(text, voice.arg());
            if (audio.sampleRate() == RATE) {
                return audio.samples();
            }
            audio.writeWav(raw);
        } else {
            run("espeak-ng", "-v", voice.arg(), "-s", Integer.toString(voice.wpm()), "-w", raw.toString(), text);
        }
        // sox's band-limited resampling: a linear one would alias espeak-ng's 22 050 Hz output
        run("sox", raw.toString(), "-r", Integer.toString(RATE), "-c", "1", "-b", "16", resampled.toString());
        return PcmAudio.readWav(resampled).samples();
    }

    /** 60 s of sox's noise of that kind, made once per set; -R: the same samples at every run. */
    private static short[] noise(Path dir, String kind) throws IOException, InterruptedException {
        Path file = dir.resolve("noise-" + kind + ".wav");
        if (!Files.exists(file)) {
            run("sox", "-R", "-n", "-r", Integer.toString(RATE), "-c", "1", "-b", "16", file.toString(), "synth", "60",
                    kind, "vol", "0.5");
        }
        return NoiseCache.get(file);
    }

    /** The noise files, read once each. */
    private static final class NoiseCache {
        private static final java.util.Map<Path, short[]> FILES = new java.util.HashMap<>();

        static short[] get(Path file) throws IOException {
            short[] samples = FILES.get(file);
            if (samples == null) {
                samples = PcmAudio.readWav(file).samples();
                FILES.put(file, samples);
            }
            return samples;
        }
    }

    static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = p.getInputStream().readAllBytes();
        if (p.waitFor() != 0) {
            throw new IOException(Arrays.toString(command) + " failed (is Debian's espeak-ng and sox installed?): "
                    + new String(output).strip());
        }
    }
}
