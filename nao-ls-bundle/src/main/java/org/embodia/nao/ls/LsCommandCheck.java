package org.embodia.nao.ls;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsParams;

/**
 * Whether a command from cs may reach the real effector: the text to say and the names it needs
 * given, the file to play readable, every number finite and within its range. A valid command is
 * checked without allocating, apart from PLAY's look at the file system; a rejection builds its
 * reason, naming the command and the offending argument.
 */
final class LsCommandCheck {

    private LsCommandCheck() {
    }

    /**
     * Null when {@code c} is valid; otherwise why it is rejected.
     *
     * @param fileProblem what is wrong with the file at a path, null when it can be played
     */
    static String check(LsCommand c, UnaryOperator<String> fileProblem) {
        if (c.cmd == null) {
            return "a command without cmd was rejected; cmd is one of SAY, PLAY, STOP, GET, SET_PARAMS";
        }
        return switch (c.cmd) {
            case STOP -> null;
            case SAY -> say(c);
            case PLAY -> play(c, fileProblem);
            case SET_PARAMS -> setParams(c);
            case GET -> isBlank(c.dataName) ? rejected(c, "data_name is empty") : null;
        };
    }

    /**
     * What keeps the file at {@code fp} from being played, or null. The core agent runs on the
     * robot beside NAOqi, so fp is a path of this machine's file system.
     */
    static String localFileProblem(String fp) {
        Path path;
        try {
            path = Path.of(fp);
        } catch (InvalidPathException e) {
            return "is not a valid path: " + e.getReason();
        }
        if (!Files.exists(path)) {
            return "does not exist";
        }
        if (!Files.isRegularFile(path)) {
            return "is not a regular file";
        }
        return Files.isReadable(path) ? null : "is not readable";
    }

    private static String rejected(LsCommand c, String why) {
        return c.cmd + " rejected: " + why;
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    private static String say(LsCommand c) {
        if (isBlank(c.text)) {
            return rejected(c, "text is empty");
        }
        return isBlank(c.params.dl) ? rejected(c, "params[dl], the language to speak, is empty") : null;
    }

    private static String play(LsCommand c, UnaryOperator<String> fileProblem) {
        if (isBlank(c.fp)) {
            return rejected(c, "fp is empty");
        }
        String problem = fileProblem.apply(c.fp);
        if (problem != null) {
            return rejected(c, "the file \"" + c.fp + "\" " + problem);
        }
        String level = volumeAndPanorama(c.params);
        if (level != null) {
            return rejected(c, level);
        }
        if (!c.playLoop && !(c.beginPosition >= 0 && c.beginPosition < Double.POSITIVE_INFINITY)) {
            return rejected(c, "begin_position " + c.beginPosition + " s is not a finite position >= 0");
        }
        return null;
    }

    private static String setParams(LsCommand c) {
        if (isBlank(c.params.dvt)) {
            return rejected(c, "params[dvt], the voice, is empty");
        }
        if (isBlank(c.params.dl)) {
            return rejected(c, "params[dl], the language, is empty");
        }
        String level = volumeAndPanorama(c.params);
        return level == null ? null : rejected(c, level);
    }

    /** dv in [0, 1] and spr in [-1, 1], as ALAudioPlayer takes them; NaN fails both. */
    private static String volumeAndPanorama(LsParams p) {
        if (!(p.dv >= 0 && p.dv <= 1)) {
            return "params[dv], the volume, is " + p.dv + ", outside [0, 1]";
        }
        if (!(p.spr >= -1 && p.spr <= 1)) {
            return "params[spr], the stereo panorama, is " + p.spr + ", outside [-1, 1]";
        }
        return null;
    }
}
