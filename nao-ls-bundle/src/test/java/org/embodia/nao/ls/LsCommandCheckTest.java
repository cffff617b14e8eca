package org.embodia.nao.ls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.embodia.nao.api.LsCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What idle accepts and why it rejects the rest. */
class LsCommandCheckTest {

    @TempDir
    Path dir;

    private static String check(LsCommand c) {
        return LsCommandCheck.check(c, fp -> fp.endsWith("missing.wav") ? "does not exist" : null);
    }

    @Test
    void validCommandsPass() {
        assertNull(check(Rig.say("Hello", "English")));
        assertNull(check(Rig.stop()));
        assertNull(check(Rig.play("a.wav", 0, -1, null)));
        assertNull(check(Rig.play("a.wav", 1, 1, 0.0)));
        LsCommand loop = Rig.play("a.wav", 0.5, 0, null);
        loop.beginPosition = Double.NaN;
        assertNull(check(loop), "begin_position is not read when playing in a loop");
        assertNull(check(Rig.setParams("naoenu", "English", 0.5, 0)));
        assertNull(check(Rig.get("ALTextToSpeech/Status")));
    }

    @Test
    void eachKindOfBadCommandIsRejectedNamingWhatIsWrong() {
        assertEquals("a command without cmd was rejected; cmd is one of SAY, PLAY, STOP, GET, SET_PARAMS", check(new LsCommand()));
        assertEquals("SAY rejected: text is empty", check(Rig.say(null, "English")));
        assertEquals("SAY rejected: text is empty", check(Rig.say("  ", "English")));
        assertEquals("SAY rejected: params[dl], the language to speak, is empty", check(Rig.say("Hi", null)));
        assertEquals("PLAY rejected: fp is empty", check(Rig.play("", 0.5, 0, null)));
        assertEquals("PLAY rejected: the file \"/sounds/missing.wav\" does not exist", check(Rig.play("/sounds/missing.wav", 0.5, 0, null)));
        assertEquals("PLAY rejected: params[dv], the volume, is 1.5, outside [0, 1]", check(Rig.play("a.wav", 1.5, 0, null)));
        assertEquals("PLAY rejected: params[dv], the volume, is NaN, outside [0, 1]", check(Rig.play("a.wav", Double.NaN, 0, null)));
        assertEquals("PLAY rejected: params[spr], the stereo panorama, is -1.2, outside [-1, 1]", check(Rig.play("a.wav", 0.5, -1.2, null)));
        assertEquals("PLAY rejected: begin_position -2.0 s is not a finite position >= 0", check(Rig.play("a.wav", 0.5, 0, -2.0)));
        assertEquals("PLAY rejected: begin_position Infinity s is not a finite position >= 0",
                check(Rig.play("a.wav", 0.5, 0, Double.POSITIVE_INFINITY)));
        assertEquals("SET_PARAMS rejected: params[dvt], the voice, is empty", check(Rig.setParams(null, "English", 0.5, 0)));
        assertEquals("SET_PARAMS rejected: params[dl], the language, is empty", check(Rig.setParams("naoenu", "", 0.5, 0)));
        assertEquals("SET_PARAMS rejected: params[dv], the volume, is -0.1, outside [0, 1]", check(Rig.setParams("naoenu", "English", -0.1, 0)));
        assertEquals("SET_PARAMS rejected: params[spr], the stereo panorama, is NaN, outside [-1, 1]",
                check(Rig.setParams("naoenu", "English", 0.5, Double.NaN)));
        assertEquals("GET rejected: data_name is empty", check(Rig.get(null)));
    }

    @Test
    void theLocalFileCheckFindsMissingFilesAndDirectories() throws IOException {
        Path wav = Files.write(dir.resolve("hello.wav"), new byte[] {1, 2, 3});
        assertNull(LsCommandCheck.localFileProblem(wav.toString()));
        assertEquals("does not exist", LsCommandCheck.localFileProblem(dir.resolve("nothing.wav").toString()));
        assertEquals("is not a regular file", LsCommandCheck.localFileProblem(dir.toString()));
        assertEquals("is not a valid path: Nul character not allowed", LsCommandCheck.localFileProblem("a\0b.wav"));
    }

    @Test
    void theLocalFileCheckFindsUnreadableFiles() throws IOException {
        Path wav = Files.write(dir.resolve("secret.wav"), new byte[] {1});
        Files.setPosixFilePermissions(wav, PosixFilePermissions.fromString("-w-------"));
        assumeFalse(Files.isReadable(wav), "the file system lets this user read any file (root)");
        assertEquals("is not readable", LsCommandCheck.localFileProblem(wav.toString()));
    }
}
