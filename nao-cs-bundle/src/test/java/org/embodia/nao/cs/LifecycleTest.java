package org.embodia.nao.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;

import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicStatus;
import org.embodia.rapp.store.api.StoreServers;
import org.embodia.speech.PcmAudio;
import org.embodia.speech.SpeechSynthesizer;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** nao.cs's paths besides running an app: a tampered package, the long command (recognized by the store), Abort. */
class LifecycleTest {
    /** How many steps listen takes while the worker waits on a store that does not answer. */
    private static final int LISTEN_STEPS = 25;
    @TempDir
    Path dir;
    private Path apps;
    private StoreServers.Running store;
    private Rig rig;

    @BeforeEach
    void listening() throws Exception {
        apps = Files.createDirectories(dir.resolve("store"));
        Rig.app(apps, "greeter", "hello");
        Rig.app(apps, "walker", "walk");
        store = StoreServers.start(apps, 0);
        rig = new Rig(store.uri(), dir.resolve("cs"), 5).listening();
    }

    @AfterEach
    void close() throws Exception {
        rig.close();
        store.close();
    }

    @Test
    void aKeywordThePlatformCannotPronounceIsLeftOutOfTheDictionaryWithItsAppNamed() throws Exception {
        rig.close();
        store.close();
        Rig.app(apps, "quiet", "rtquiet");
        store = StoreServers.start(apps, 0);
        rig = new Rig(store.uri(), dir.resolve("cs-quiet"), 5).listening();

        assertEquals("init: app 'quiet': its keyword 'rtquiet' is left out of the dictionary: the RAPP Platform's speech"
                + " recognition has no pronunciation for it, so nobody could say it", rig.cs.lastError());
        MicCommand c = rig.micCommand.get();
        assertEquals(MicCommand.Cmd.RECOGNIZE, c.cmd, "listen's i0 sent its RECOGNIZE");
        List<String> dictionary = Arrays.asList(c.dct.words).subList(0, c.dct.count);
        assertTrue(dictionary.containsAll(List.of("Long", "Abort", "hello", "walk")), dictionary.toString());
        assertFalse(dictionary.contains("rtquiet"), dictionary.toString());
        assertEquals(List.of("rtquiet"), rig.cs.apps().get("quiet"), "the app is still listed, for rapp:deploy");
    }

    @Test
    void aPackageWhoseHashDiffersIsAClearErrorInformedAndNotActivated() throws Exception {
        // Changed in place after the store indexed it, with its size and time kept: the store still lists the old
        // SHA-256 and serves the new bytes, as a corrupted disk or a tampering hand would.
        Path jar = apps.resolve("greeter.jar");
        FileTime time = Files.getLastModifiedTime(jar);
        byte[] bytes = Files.readAllBytes(jar);
        bytes[bytes.length / 2] ^= 0x5a;
        Files.write(jar, bytes);
        Files.setLastModifiedTime(jar, time);
        rig.agents.put("greeter", rapp -> rig.failures.add("the tampered app ran"));

        rig.hear("hello");
        rig.stepUntil("load");
        rig.stepUntil("inform");
        assertNull(rig.cs.memory().pkg, "no package");
        assertTrue(rig.cs.lastError().startsWith("app 'greeter' could not be loaded:")
                && rig.cs.lastError().toLowerCase().contains("sha-256"), rig.cs.lastError());
        assertFalse(Files.exists(dir.resolve("cs").resolve("apps").resolve("greeter.jar")), "nothing of it is kept");
        assertTrue(rig.lsCommand.isNew(), "inform's i0 sent its SAY");
        assertEquals(LsCommand.Cmd.SAY, rig.lsCommand.get().cmd);
        assertEquals("The app greeter could not be loaded", rig.lsCommand.get().text);
        assertEquals("English", rig.lsCommand.get().params.dl);
        rig.replyLs();
        rig.stepUntil("listen");
        assertTrue(rig.failures.isEmpty(), rig.failures.toString());
        assertNull(rig.fsm.fault());
    }

    /**
     * Says "Long", then plays the microphones' part of record_cmd: the command, synthesized, written where rd names
     * and rec made new. Returns in interpret_long.
     */
    private void sayLongCommand(Rig r, String command) throws Exception {
        r.hear("Long");
        r.stepUntil("record_cmd");
        assertTrue(r.micCommand.isNew(), "record_cmd's i0 sent its REGISTER");
        MicCommand c = r.micCommand.get();
        assertEquals(MicCommand.Cmd.REGISTER, c.cmd);
        Path rd = Files.createDirectories(Path.of(c.fp).getParent()).resolve(Path.of(c.fp).getFileName());
        try (SpeechSynthesizer voice = new SpeechSynthesizer()) {
            voice.synthesize(command).append(PcmAudio.silence(16_000, 0.5)).writeWav(rd);
        }
        MicStatus s = r.mic.message();
        s.recSeq++;
        r.mic.send();
        r.stepUntil("interpret_long");
    }

    @Test
    void aLongCommandIsRecognizedByTheRappPlatformAndLoadsTheAppItNames() throws Exception {
        sayLongCommand(rig, "can you say hello to my friend");
        assertEquals(dir.resolve("cs").resolve("command.wav").toString(), rig.cs.memory().rd);

        rig.stepUntil("load");

        CsMemory m = rig.cs.memory();
        assertTrue((" " + m.recogSentence + " ").contains(" hello "), "recog_sentence " + m.recogSentence);
        assertEquals("greeter", m.appName);
        assertNull(rig.cs.lastError());
        assertNull(rig.fsm.fault());
    }

    /**
     * "what" sounds like the walker's "walk" (Sphinx4, decoding under a grammar of the vocabulary, heard it so): the
     * command informs, and the walker is not started on a guess.
     */
    @Test
    void aLongCommandThatOnlySoundsLikeAnAppsKeywordInformsInsteadOfStartingIt() throws Exception {
        sayLongCommand(rig, "what is the weather like today");

        rig.stepUntil("inform");

        assertEquals(CsMemory.ERROR, rig.cs.memory().appName, "recog_sentence " + rig.cs.memory().recogSentence);
        assertEquals("Command was not recognized", rig.lsCommand.get().text);
        assertNull(rig.cs.lastError());
        assertNull(rig.fsm.fault());
    }

    @Test
    void aLongCommandNamingNoAppIsNotRecognized() throws Exception {
        sayLongCommand(rig, "thank you robot");

        rig.stepUntil("inform");

        assertEquals(CsMemory.ERROR, rig.cs.memory().appName);
        assertFalse(String.valueOf(rig.cs.memory().recogSentence).contains("hello"), rig.cs.memory().recogSentence);
        assertNull(rig.cs.lastError());
        assertTrue(rig.lsCommand.isNew(), "inform's i0 sent its SAY");
        assertEquals("Command was not recognized", rig.lsCommand.get().text);
        rig.replyLs();
        rig.stepUntil("listen");
        assertNull(rig.cs.lastError());
        assertNull(rig.fsm.fault());
        // recog_word stays Long and recog_sentence set while cs listens again; appKnown is sampled every step.
        assertEquals(0, Allocations.warmUpThenLeastOfTenRounds(50_000, 20_000, rig::step),
                "bytes allocated by 20,000 warm steps of listen after a long command");
    }

    @Test
    void aRecordingThatIsNoSoundIsAClearErrorAndInformed() throws Exception {
        rig.hear("Long");
        rig.stepUntil("record_cmd");
        assertTrue(rig.micCommand.isNew(), "record_cmd's i0 sent its REGISTER");
        Path rd = Path.of(rig.micCommand.get().fp);
        Files.writeString(Files.createDirectories(rd.getParent()).resolve(rd.getFileName()), "no sound");
        MicStatus s = rig.mic.message();
        s.recSeq++;
        rig.mic.send();

        rig.stepUntil("inform");

        assertTrue(rig.cs.lastError().contains("the long command could not be recognized")
                && rig.cs.lastError().contains("not a sound file"), rig.cs.lastError());
        assertTrue(rig.lsCommand.isNew(), "inform's i0 sent its SAY");
        assertEquals("Command was not recognized", rig.lsCommand.get().text);
        rig.replyLs();
        rig.stepUntil("listen");
        assertNull(rig.fsm.fault());
    }

    @Test
    void aStoreGoneWhileTheCommandWasRecordedIsAClearErrorAndInformed() throws Exception {
        store.close();
        sayLongCommand(rig, "say hello");

        rig.stepUntil("inform");

        assertTrue(rig.cs.lastError().contains("the long command could not be recognized")
                && rig.cs.lastError().contains("unreachable"), rig.cs.lastError());
        assertTrue(rig.lsCommand.isNew(), "inform's i0 sent its SAY");
        rig.replyLs();
        rig.stepUntil("listen");
        assertNull(rig.fsm.fault());
    }

    @Test
    void anAgentThatNeitherCallsNorEndsIsDestroyedAfterTheIdleLimit() throws Exception {
        try (Rig idle = new Rig(store.uri(), dir.resolve("idle"), 5, 0.3, 5)) {
            idle.listening();
            idle.agents.put("greeter", rapp -> Thread.sleep(60_000));
            // Before wait_cmd's i0 starts the idle limit's clock, so it has run its full length by destroy.
            long t0 = System.nanoTime();
            idle.hear("hello");
            idle.stepUntil("wait_cmd");
            idle.stepUntil("destroy");
            assertTrue(System.nanoTime() - t0 >= 300_000_000L, "not before the idle limit");
            assertEquals("app 'greeter' made no RAPP call and did not end for 300 ms (idle.limit): it is destroyed",
                    idle.cs.lastError());
            idle.stepUntil("listen");
            idle.awaitWorker();
            assertEquals(1, idle.removed.get("greeter"), "its bundle was removed");
            assertNull(idle.fsm.fault());
        }
    }

    @Test
    void listenReadsTheAppsAgainWhenInitCouldNot() throws Exception {
        Path later = Files.createDirectories(dir.resolve("later"));
        Rig.app(later, "walker", "walk");
        StoreServers.Running first = StoreServers.start(later, 0);
        java.net.URI uri = first.uri();
        first.close();
        try (Rig cold = new Rig(uri, dir.resolve("cold"), 5, 600, 0.05)) {
            cold.listening();
            assertFalse(cold.micCommand.get().dct.toString().contains("walk"), "no apps yet");
            assertTrue(cold.cs.lastError().startsWith("init: the store's apps could not be read"), cold.cs.lastError());
            // The worker tries again every store_retry; a store that does not answer holds it for store_timeout, and
            // listen steps on meanwhile.
            try (SilentStore silent = new SilentStore(uri.getPort())) {
                cold.listenWhileTheStoreIsSilent(silent, LISTEN_STEPS);
            }
            try (StoreServers.Running back = StoreServers.start(later, uri.getPort())) {
                cold.stepUntil("the spotting of the configured words aborted",
                        () -> cold.micCommand.get().cmd == MicCommand.Cmd.ABORT);
                assertEquals("listen", cold.step(), "r_core,mic takes a RECOGNIZE once its recog has ended");
                assertTrue(cold.micCommand.isNew());
                assertEquals(MicCommand.Cmd.RECOGNIZE, cold.micCommand.get().cmd);
                assertTrue(cold.micCommand.get().dct.toString().contains("walk"), "the store's keywords reach r_core,mic");
                assertEquals("walker", cold.cs.memory().app.get("walk"));
            }
        }
    }

    @Test
    void abortUnregistersAndFinishes() throws Exception {
        rig.hear("Abort");
        rig.stepUntil("unregister");
        rig.stepUntil("finish");
        for (int i = 0; i < 10; i++) {
            assertEquals("finish", rig.step());
        }
        assertNull(rig.fsm.fault());
    }
}
