package org.embodia.nao.mic;

import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.WordList;

/**
 * Whether a command from cs may reach the real receptor: the file, names and words it needs given,
 * durations positive and countable in r_core,mic's steps, thresholds within their ranges, NaN
 * nowhere. A valid command is checked without allocating; a rejection builds its reason, naming
 * the command and the offending argument.
 */
final class MicCommandCheck {
    /** Quotients within this of an integer count as that integer (0.1 s / 0.02 s is 5 steps, not 6). */
    private static final double TOLERANCE = 1e-9;

    private MicCommandCheck() {
    }

    /**
     * Steps of {@code samplingPeriod} that {@code duration} lasts, rounded up so a recording is never
     * shorter than commanded: the spec's time / sampling_period (§3.3.3) and st / sampling_period (§3.3.4).
     */
    static int iterations(double duration, double samplingPeriod) {
        return (int) Math.ceil(duration / samplingPeriod - TOLERANCE);
    }

    /** Null when {@code c} is valid; otherwise why it is rejected. */
    static String check(MicCommand c) {
        if (c.cmd == null) {
            return "a command without cmd was rejected; cmd is one of RECORD, REGISTER, ABORT, RECOGNIZE, GET";
        }
        return switch (c.cmd) {
            case RECORD -> record(c);
            case REGISTER -> register(c);
            case RECOGNIZE -> recognize(c);
            case GET -> isBlank(c.dataName) ? rejected(c, "data_name is empty") : null;
            // Ours: it ends recog; anywhere else there is nothing to abort, which is no error for cs to hear of.
            case ABORT -> null;
        };
    }

    private static String rejected(MicCommand c, String why) {
        return c.cmd + " rejected: " + why;
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    private static String record(MicCommand c) {
        if (isBlank(c.fp)) {
            return rejected(c, "fp is empty");
        }
        String period = samplingPeriod(c);
        return period != null ? rejected(c, period) : duration(c, "time", c.time);
    }

    private static String register(MicCommand c) {
        if (isBlank(c.fp)) {
            return rejected(c, "fp is empty");
        }
        String params = params(c.params);
        if (params != null) {
            return rejected(c, params);
        }
        if (!(c.enrg > 0 && c.enrg < Double.POSITIVE_INFINITY)) {
            return rejected(c, "enrg, the energy threshold, is " + c.enrg + "; it must be finite and positive (at 0 no sound is silence)");
        }
        String period = samplingPeriod(c);
        return period != null ? rejected(c, period) : duration(c, "st", c.st);
    }

    private static String recognize(MicCommand c) {
        WordList dct = c.dct;
        if (dct.count == 0) {
            return rejected(c, "dct, the dictionary, is empty");
        }
        for (int k = 0; k < dct.count; k++) {
            if (isBlank(dct.words[k])) {
                return rejected(c, "word " + k + " of dct is empty");
            }
        }
        if (!(c.threshold >= 0 && c.threshold <= 1)) {
            return rejected(c, "threshold " + c.threshold + " is outside [0, 1]");
        }
        return null;
    }

    /** ALAudioDevice's sample rates, and at least one of the four microphones. */
    private static String params(MicParams p) {
        if (p.sampleRate != 16000 && p.sampleRate != 48000) {
            return "params' sample rate is " + p.sampleRate + " Hz; NAO's microphones record at 16000 or 48000 Hz";
        }
        for (boolean channel : p.channels) {
            if (channel) {
                return null;
            }
        }
        return "params select no microphone channel";
    }

    /**
     * The spec divides durations by the sampling_period cs gives; r_core,mic steps every
     * {@link NaoMic#SAMPLING_PERIOD}, so any other period would stretch or shrink every duration.
     */
    private static String samplingPeriod(MicCommand c) {
        return Math.abs(c.samplingPeriod - NaoMic.SAMPLING_PERIOD) <= TOLERANCE ? null
                : "sampling_period is " + c.samplingPeriod + " s; r_core,mic samples every " + NaoMic.SAMPLING_PERIOD + " s";
    }

    private static String duration(MicCommand c, String name, double seconds) {
        if (!(seconds > 0 && seconds < Double.POSITIVE_INFINITY)) {
            return rejected(c, name + " is " + seconds + " s; it must be finite and positive");
        }
        if (seconds / c.samplingPeriod > Integer.MAX_VALUE) {
            return rejected(c, name + " is " + seconds + " s, more steps than r_core,mic counts (" + Integer.MAX_VALUE + ")");
        }
        return null;
    }
}
