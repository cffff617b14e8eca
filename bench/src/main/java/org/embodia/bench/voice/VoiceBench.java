package org.embodia.bench.voice;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

import org.embodia.bench.voice.Scoring.Cell;
import org.embodia.bench.voice.Scoring.Outcome;
import org.embodia.bench.voice.Scoring.Utterance;
import org.embodia.speech.KeywordSpotter.Fusion;

/**
 * The voice path's recognizers on voices they were not tuned to. Synthesizes the set ({@link VoiceSet}: FreeTTS and
 * espeak-ng voices, clean and noisy; words and long commands) into a directory, runs each candidate on all of it
 * ({@link Candidates}: (a) the product, Moonshine and Sphinx4 together (speech/'s KeywordSpotter), (b) Sphinx4 with
 * keywords in a phone garbage grammar, only when asked, (c) PocketSphinx's kws at several thresholds and its n-gram
 * LM, (d) Moonshine at several biases (at 4, the product before (a)), (e) Sphinx4 as the product ran it before
 * Moonshine, (f) KeywordSpotter over a grid of settings, only when asked) and prints, per candidate, voice and
 * condition: keyword accuracy, false-accept rate, long commands resolved to their app and to a wrong one, and the time
 * per utterance. A candidate with a threshold has it chosen on the FreeTTS voices alone (those the product was built
 * with) and is reported at it on all, the espeak-ng voices being the test; the sweep is printed too. Last line JSON.
 *
 * <p>usage: VoiceBench [dir] [--quick] [--only a,b,c,d,e,f] [--sphinx4-long all|clean,...] [--python python3]
 * [--script voice_pocketsphinx.py]
 *
 * <p>--sphinx4-long: the conditions in which (b) and (e) decode long commands (default all; none: words only).
 * Sphinx4 takes 5-40 s for one under (e)'s sentence grammar or (b)'s phone garbage on a 2-core machine, hours for the
 * whole set.
 */
public final class VoiceBench {
    /** The thresholds swept on a confidence in [0, 1], for words and sentences alike. */
    static final double[] CONFIDENCES = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};
    /** (a) as the product runs it: cs's threshold and sentence.threshold in nao-sim.json. */
    static final double PRODUCT_THRESHOLD = 0.2;
    static final double PRODUCT_SENTENCE_THRESHOLD = 0.5;
    /** (d)'s prior log-odds of a command over anything else, in nats (MoonshineRecognizer.Spotting). */
    static final double[] KEYWORD_BIASES = {0, 2, 4, 6, 8};
    /**
     * (f)'s grid (Candidates.Fusion): the share of Moonshine's language model taken out, the prior of a command,
     * Sphinx4's weight in the choice, the acceptance's weights.
     */
    static final double[] FUSION_LANGUAGE_MODEL = {0, 0.5};
    static final double[] FUSION_BIASES = {2, 4, 6, 8};
    static final double[] FUSION_CHOOSE = {2, 5};
    static final double[] FUSION_ANY_COMMAND = {0.5, 1};
    static final double[] FUSION_SPHINX4 = {0.5, 1, 2};
    /** PocketSphinx kws thresholds: CMU's documentation suggests 1e-5 (long phrases) to 1e-50 (short ones). */
    static final List<String> KWS_THRESHOLDS = List.of("1e-5", "1e-10", "1e-15", "1e-20", "1e-25", "1e-30", "1e-40");

    /** A candidate's outcomes scored at a threshold for words and one for long commands. */
    record Setting(String candidate, String label, double threshold, double sentenceThreshold,
            Map<String, Outcome> outcomes) {
        Cell score(List<Utterance> utterances) {
            return Scoring.score(utterances, outcomes, threshold, sentenceThreshold);
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of("target", "bench-voice");
        boolean quick = false;
        String only = "a,c,d,e";
        String sphinx4Long = "all";
        String python = "/usr/bin/python3";
        Path script = Path.of("bench", "src", "main", "python", "voice_pocketsphinx.py");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--only" -> only = args[++i];
                case "--sphinx4-long" -> sphinx4Long = args[++i];
                case "--python" -> python = args[++i];
                case "--script" -> script = Path.of(args[++i]);
                default -> {
                    if (args[i].startsWith("--")) {
                        System.err.println("usage: VoiceBench [dir] [--quick] [--only a,b,c,d,e,f] [--sphinx4-long all|<cond>,...]"
                                + " [--python <python3>] [--script <voice_pocketsphinx.py>]");
                        System.exit(2);
                    }
                    dir = Path.of(args[i]);
                }
            }
        }
        Files.createDirectories(dir);
        // --quick: clean and white noise at 10 dB only
        List<VoiceSet.Condition> conditions = quick
                ? VoiceSet.CONDITIONS.stream().filter(c -> c.clean() || c.name().equals("white10")).toList()
                : VoiceSet.CONDITIONS;
        long t0 = System.nanoTime();
        List<Utterance> set = VoiceSet.generate(dir, VoiceSet.VOICES, conditions);
        System.out.printf(Locale.ROOT, "set: %d utterances (%d voices x %d conditions x %d texts) in %s, made in %.0f s%n",
                set.size(), VoiceSet.VOICES.size(), conditions.size(), VoiceSet.TEXTS.size(), dir.resolve("wav"),
                (System.nanoTime() - t0) / 1e9);

        List<String> longConditions = sphinx4Long.equals("all")
                ? conditions.stream().map(VoiceSet.Condition::name).toList() : List.of(sphinx4Long.split(","));
        List<Utterance> sphinx4Set = set.stream().filter(u -> !u.isLong() || longConditions.contains(u.condition()))
                .toList();
        if (sphinx4Set.size() < set.size()) {
            System.out.printf(Locale.ROOT, "(b) and (e): long commands in %s only, %d utterances%n", sphinx4Long,
                    sphinx4Set.size());
        }
        Map<String, List<Setting>> candidates = new LinkedHashMap<>();
        Map<String, Double> seconds = new LinkedHashMap<>();
        if (only.contains("a")) {
            long t = System.nanoTime();
            Map<String, Outcome> o = Candidates.product(set);
            seconds.put("a-product", (System.nanoTime() - t) / 1e9);
            candidates.put("a-product", sweep("a-product", o));
        }
        if (only.contains("e")) {
            long t = System.nanoTime();
            Map<String, Outcome> o = Candidates.sphinx4(sphinx4Set);
            seconds.put("e-sphinx4", (System.nanoTime() - t) / 1e9);
            candidates.put("e-sphinx4", sweep("e-sphinx4", o));
        }
        if (only.contains("b")) {
            long t = System.nanoTime();
            Map<String, Outcome> o = Candidates.sphinx4Garbage(sphinx4Set, dir.resolve("tmp"));
            seconds.put("b-sphinx4-garbage", (System.nanoTime() - t) / 1e9);
            candidates.put("b-sphinx4-garbage", sweep("b-sphinx4-garbage", o));
        }
        if (only.contains("c")) {
            long t = System.nanoTime();
            Map<String, Map<String, Outcome>> o = Candidates.pocketSphinx(set, dir.resolve("tmp"), python, script,
                    KWS_THRESHOLDS);
            seconds.put("c-pocketsphinx", (System.nanoTime() - t) / 1e9);
            List<Setting> kws = new ArrayList<>();
            for (String th : KWS_THRESHOLDS) {
                kws.add(new Setting("c-pocketsphinx-kws", "kws " + th, 0, 0, o.get("kws:" + th)));
            }
            candidates.put("c-pocketsphinx-kws", kws);
            candidates.put("c-pocketsphinx-lm", List.of(new Setting("c-pocketsphinx-lm", "lm", 0, 0, o.get("lm"))));
        }

        if (only.contains("d")) {
            long t = System.nanoTime();
            Map<Double, Map<String, Outcome>> o = Candidates.moonshine(set, KEYWORD_BIASES);
            seconds.put("d-moonshine", (System.nanoTime() - t) / 1e9);
            List<Setting> settings = new ArrayList<>();
            for (double bias : KEYWORD_BIASES) {
                for (Setting s : sweep("d-moonshine", o.get(bias))) {
                    settings.add(new Setting(s.candidate(), String.format(Locale.ROOT, "b%.0f %s", bias,
                            s.label().replace("conf ", "")), s.threshold(), s.sentenceThreshold(), s.outcomes()));
                }
            }
            candidates.put("d-moonshine", settings);
        }

        if (only.contains("f")) {
            List<Fusion> fusions = new ArrayList<>();
            for (double languageModel : FUSION_LANGUAGE_MODEL) {
                for (double bias : FUSION_BIASES) {
                    for (double choose : FUSION_CHOOSE) {
                        for (double any : FUSION_ANY_COMMAND) {
                            for (double sphinx4 : FUSION_SPHINX4) {
                                fusions.add(new Fusion(languageModel, bias, choose, any, sphinx4));
                            }
                        }
                    }
                }
            }
            long t = System.nanoTime();
            Map<Fusion, Map<String, Outcome>> o = Candidates.fused(set, fusions);
            seconds.put("f-fused", (System.nanoTime() - t) / 1e9);
            List<Setting> settings = new ArrayList<>();
            for (Fusion f : fusions) {
                for (Setting s : sweep("f-fused", o.get(f))) {
                    settings.add(new Setting(s.candidate(), Candidates.label(f) + " " + s.label().replace("conf ", ""),
                            s.threshold(), PRODUCT_SENTENCE_THRESHOLD, s.outcomes()));
                }
            }
            candidates.put("f-fused", settings);
        }

        Predicate<Utterance> tuning = u -> u.voice().startsWith("freetts");
        List<Utterance> tuningSet = set.stream().filter(tuning).toList();
        List<Utterance> testSet = set.stream().filter(tuning.negate()).toList();
        System.out.println();
        System.out.println("threshold sweep: chosen on the FreeTTS voices (tune), reported on the espeak-ng ones (test)");
        System.out.printf(Locale.ROOT, "%-20s %-10s | %6s %6s %6s %6s %6s | %6s %6s %6s %6s%n", "candidate", "setting",
                "J", "kw%", "fa%", "long%", "wrong%", "kw%", "fa%", "long%", "wrong%");
        Map<String, Setting> chosen = new LinkedHashMap<>();
        for (var e : candidates.entrySet()) {
            Setting best = null;
            double bestJ = Double.NEGATIVE_INFINITY;
            for (Setting s : e.getValue()) {
                Cell tune = s.score(tuningSet);
                Cell test = s.score(testSet);
                System.out.printf(Locale.ROOT, "%-20s %-10s | %6.2f %s %s %s %s | %s %s %s %s%n", e.getKey(),
                        s.label(), tune.objective(), pct(tune.keywordAccuracy()), pct(tune.falseAccept()),
                        pct(tune.longCorrect()), pct(tune.wrongApp()), pct(test.keywordAccuracy()),
                        pct(test.falseAccept()), pct(test.longCorrect()), pct(test.wrongApp()));
                if (tune.objective() > bestJ + 1e-9) {
                    bestJ = tune.objective();
                    best = s;
                }
            }
            if (e.getKey().equals("a-product") || e.getKey().equals("e-sphinx4")) {
                // at the thresholds the product runs (ran) it with, whatever the sweep says
                best = e.getValue().stream().filter(s -> s.label().equals("product")).findFirst().orElseThrow();
            }
            chosen.put(e.getKey(), best);
        }

        System.out.println();
        System.out.println(
                "per voice x condition, each candidate at its chosen setting (a: the product's 0.2, sentences 0.5)");
        System.out.printf(Locale.ROOT, "%-20s %-10s %-20s %-8s %4s | %6s %6s %6s %6s | %8s %8s%n", "candidate",
                "setting", "voice", "cond", "n", "kw%", "fa%", "long%", "wrong%", "p50 ms", "p99 ms");
        StringBuilder json = new StringBuilder("{\"bench\":\"voice\",\"utterances\":" + set.size()
                + ",\"candidates\":{");
        boolean firstCandidate = true;
        for (var e : chosen.entrySet()) {
            Setting s = e.getValue();
            json.append(firstCandidate ? "" : ",").append('"').append(e.getKey()).append("\":{\"setting\":\"")
                    .append(s.label()).append("\",\"seconds\":")
                    .append(String.format(Locale.ROOT, "%.1f", seconds.get(e.getKey().startsWith("c-")
                            ? "c-pocketsphinx" : e.getKey())))
                    .append(",\"cells\":[");
            firstCandidate = false;
            boolean firstCell = true;
            for (VoiceSet.Voice v : VoiceSet.VOICES) {
                for (VoiceSet.Condition c : conditions) {
                    List<Utterance> cell = set.stream()
                            .filter(u -> u.voice().equals(v.name()) && u.condition().equals(c.name())).toList();
                    Cell r = s.score(cell);
                    row(e.getKey(), s.label(), v.name(), c.name(), r);
                    json.append(firstCell ? "" : ",").append(cellJson(v.name(), c.name(), r));
                    firstCell = false;
                }
            }
            json.append("],\"summary\":[");
            boolean firstSummary = true;
            for (String group : List.of("freetts", "espeak")) {
                for (VoiceSet.Condition c : conditions) {
                    Cell r = s.score(set.stream().filter(u -> u.voice().startsWith(group)
                            && u.condition().equals(c.name())).toList());
                    row(e.getKey(), s.label(), group + "-*", c.name(), r);
                    json.append(firstSummary ? "" : ",").append(cellJson(group + "-*", c.name(), r));
                    firstSummary = false;
                }
                Cell r = s.score(set.stream().filter(u -> u.voice().startsWith(group)).toList());
                row(e.getKey(), s.label(), group + "-*", "all", r);
                json.append(",").append(cellJson(group + "-*", "all", r));
            }
            json.append("]}");
        }
        json.append("}}");
        System.out.println();
        System.out.printf(Locale.ROOT,
                "targets, all voices: clean keywords >= %.0f %% on every voice, >= %.0f %% at 10 dB, no wrong app%n",
                100 * Scoring.Targets.CLEAN, 100 * Scoring.Targets.NOISY);
        for (var e : chosen.entrySet()) {
            Setting s = e.getValue();
            Scoring.Targets t = Scoring.targets(set, s.outcomes(), s.threshold(), s.sentenceThreshold());
            System.out.printf(Locale.ROOT, "%-20s %-10s | worst voice clean %s | 10 dB %s | wrong apps %d | %s%n",
                    e.getKey(), s.label(), pct(t.worstCleanVoice()), pct(t.at10dB()), t.wrongApps(),
                    t.met() ? "met" : "not met");
        }
        System.out.println();
        System.out.println(json);
    }

    /**
     * One setting per swept confidence threshold (words and sentences alike), all over the same outcomes; (a) and (e)
     * also at the product's two thresholds, labelled "product".
     */
    private static List<Setting> sweep(String candidate, Map<String, Outcome> outcomes) {
        List<Setting> settings = new ArrayList<>();
        for (double t : CONFIDENCES) {
            settings.add(new Setting(candidate, String.format(Locale.ROOT, "conf %.1f", t), t, t, outcomes));
        }
        if (candidate.equals("a-product") || candidate.equals("e-sphinx4")) {
            settings.add(new Setting(candidate, "product", PRODUCT_THRESHOLD, PRODUCT_SENTENCE_THRESHOLD, outcomes));
        }
        return settings;
    }

    private static void row(String candidate, String setting, String voice, String condition, Cell r) {
        System.out.printf(Locale.ROOT, "%-20s %-10s %-20s %-8s %4d | %s %s %s %s | %8.1f %8.1f%n", candidate, setting,
                voice, condition, r.n(), pct(r.keywordAccuracy()), pct(r.falseAccept()), pct(r.longCorrect()),
                pct(r.wrongApp()), r.p50(), r.p99());
    }

    private static String pct(double share) {
        return Double.isNaN(share) ? "     -" : String.format(Locale.ROOT, "%6.1f", 100 * share);
    }

    private static String cellJson(String voice, String condition, Cell r) {
        return String.format(Locale.ROOT, "{\"voice\":\"%s\",\"condition\":\"%s\",\"n\":%d,\"keyword_accuracy\":%s,"
                + "\"false_accept\":%s,\"long_correct\":%s,\"wrong_app\":%s,\"p50_ms\":%.1f,\"p99_ms\":%.1f}", voice,
                condition, r.n(), num(r.keywordAccuracy()), num(r.falseAccept()), num(r.longCorrect()),
                num(r.wrongApp()), r.p50(), r.p99());
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "null" : String.format(Locale.ROOT, "%.3f", v);
    }
}
