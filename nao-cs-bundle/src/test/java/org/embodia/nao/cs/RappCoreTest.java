package org.embodia.nao.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.cs.api.RappStatus;
import org.embodia.rapp.api.AgentStatus;
import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.api.RappException;
import org.embodia.rapp.store.api.RappStore;
import org.embodia.rapp.store.api.StoreServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The operator's RappCore on cs under the engine, with the virtual side and the apps played by the test. */
class RappCoreTest {
    /** How many steps listen takes while the worker waits on a store that does not answer. */
    private static final int LISTEN_STEPS = 25;
    @TempDir
    Path dir;
    private StoreServers.Running store;
    private Rig rig;

    @BeforeEach
    void listening() throws Exception {
        Path apps = Files.createDirectories(dir.resolve("store"));
        Rig.app(apps, "greeter", "hello, greet");
        Rig.app(apps, "walker", "walk");
        // "hello" is the greeter's already: the mimic's own keyword is "copy".
        Rig.app(apps, "mimic", "hello, copy");
        store = StoreServers.start(apps, 0);
        rig = new Rig(store.uri(), dir.resolve("cs"), 5).listening();
    }

    @AfterEach
    void close() throws Exception {
        rig.close();
        store.close();
    }

    @Test
    void appsAreTheStoresNamesWithTheirKeywords() {
        assertEquals(Map.of("greeter", List.of("hello", "greet"), "walker", List.of("walk"), "mimic",
                List.of("hello", "copy")), rig.cs.apps());
        assertEquals(new RappStatus("listen", null, null, null, 0, 0), rig.cs.status());
    }

    @Test
    void deployTakesTheAppsKeywordAsTheRecognizedWordAndRunsIt() throws Exception {
        CountDownLatch said = new CountDownLatch(1);
        rig.agents.put("mimic", rapp -> {
            rapp.textToSpeech("copied", "English");
            said.countDown();
        });
        rig.cs.deploy("mimic");
        rig.stepUntil("load");
        assertEquals("copy", rig.cs.memory().recogWord, "the mimic's own keyword, not the greeter's hello");
        assertEquals("mimic", rig.cs.memory().appName);
        rig.stepUntil("execute");
        assertTrue(rig.lsCommand.isNew(), "execute's i0 relayed the call");
        assertEquals(new RappStatus("execute", "mimic", AgentStatus.WORKING, null, 1, 0), rig.cs.status());
        assertEquals("copied", rig.lsCommand.get().text);
        rig.replyLs();
        waitFor(rig, said);
        rig.stepUntil("destroy");
        rig.stepUntil("listen");
        RappStatus s = rig.cs.status();
        assertEquals("listen", s.state());
        assertNull(s.app());
        assertEquals(1, s.activated());
        assertEquals(1, s.destroyed());
        assertTrue(rig.failures.isEmpty(), rig.failures.toString());
    }

    @Test
    void deployLeavesTheRecognizeOfListenRunning() throws Exception {
        rig.agents.put("walker", rapp -> Thread.sleep(60_000));
        MicCommand listened = rig.micCommand.get();
        assertEquals(MicCommand.Cmd.RECOGNIZE, listened.cmd);
        rig.cs.deploy("walker");
        long deadline = System.nanoTime() + Rig.PATIENCE.toNanos();
        while (!rig.fsm.currentState().equals("wait_cmd")) {
            assertTrue(System.nanoTime() - deadline < 0, "not in wait_cmd within " + Rig.PATIENCE.toSeconds() + " s");
            rig.step();
            assertFalse(rig.micCommand.isNew(), "nothing more is sent to r_core,mic: its RECOGNIZE is not aborted");
            Thread.sleep(2);
        }
    }

    /** An app that set a walking velocity and ended without moveStop leaves no robot walking on. */
    @Test
    void anAppsWalkEndsWithTheApp() throws Exception {
        rig.agents.put("walker", rapp -> rapp.moveVel(0.1, 0, 0));
        rig.cs.deploy("walker");
        rig.stepUntil("execute");
        assertEquals(BodyCommand.Cmd.MOVE, rig.bodyCommand.get().cmd);
        rig.stepUntil("destroy");
        assertEquals(BodyCommand.Cmd.STOP, rig.bodyCommand.get().cmd, "destroyDA stops the walk");
        rig.stepUntil("listen");
        assertNull(rig.cs.lastError(), "the app itself ended well");
        assertNull(rig.fsm.fault());
    }

    /** An app destroyed while it spots words leaves r_core,mic free for listen's own dictionary. */
    @Test
    void destroyDuringWordSpottingAbortsIt() throws Exception {
        rig.agents.put("greeter", rapp -> rapp.wordSpotting(List.of("fine", "good", "bad"), 0.3));
        rig.cs.deploy("greeter");
        rig.stepUntil("execute");
        assertEquals(MicCommand.Cmd.RECOGNIZE, rig.micCommand.get().cmd);
        assertEquals("[fine, good, bad]", rig.micCommand.get().dct.toString());
        rig.cs.destroy();
        assertEquals("wait_cmd", nextState(rig, "execute"));
        assertEquals(MicCommand.Cmd.ABORT, rig.micCommand.get().cmd, "the app's word spotting is aborted");
        rig.stepUntil("listen");
        assertEquals(MicCommand.Cmd.RECOGNIZE, rig.micCommand.get().cmd);
        assertTrue(rig.micCommand.get().dct.toString().contains("Long"), rig.micCommand.get().dct.toString());
        assertNull(rig.fsm.fault());
    }

    @Test
    void badDeploysAreClearErrorsAndChangeNothing() throws Exception {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> rig.cs.deploy("dancer"));
        assertTrue(unknown.getMessage().startsWith("the store has no app 'dancer'; it has ["), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> rig.cs.deploy(null));
        for (int i = 0; i < 5; i++) {
            assertEquals("listen", rig.step());
        }
        rig.agents.put("walker", rapp -> Thread.sleep(60_000));
        rig.cs.deploy("walker");
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> rig.cs.deploy("greeter"));
        assertEquals("a deploy of 'walk' is already waiting for listen", twice.getMessage());
        rig.stepUntil("wait_cmd");
        IllegalStateException busy = assertThrows(IllegalStateException.class, () -> rig.cs.deploy("greeter"));
        assertEquals("cs is in wait_cmd, not listen: app 'walker' is under way; destroy it first", busy.getMessage());
        assertEquals("walker", rig.cs.status().app());
    }

    @Test
    void destroyFromAnotherThreadEndsAnAgentWaitingForACall() throws Exception {
        rig.cs.destroy();
        assertEquals(new RappStatus("listen", null, null, null, 0, 0), rig.cs.status(), "nothing runs: nothing done");
        rig.agents.put("walker", rapp -> Thread.sleep(60_000));
        rig.cs.deploy("walker");
        rig.stepUntil("wait_cmd");
        Thread shell = new Thread(rig.cs::destroy, "shell");
        shell.start();
        shell.join();
        rig.stepUntil("destroy");
        rig.stepUntil("listen");
        rig.awaitWorker();
        assertEquals(1, rig.removed.get("walker"), "its bundle was removed");
        assertEquals(1, rig.cs.status().destroyed());
        assertNull(rig.fsm.fault());
    }

    @Test
    void destroyDuringACallFailsTheCallAndEndsTheAgent() throws Exception {
        CountDownLatch failed = new CountDownLatch(1);
        String[] why = new String[1];
        rig.agents.put("greeter", rapp -> {
            try {
                rapp.textToSpeech("never answered", "English");
            } catch (RappException e) {
                why[0] = e.getMessage();
                failed.countDown();
            }
        });
        rig.cs.deploy("greeter");
        rig.stepUntil("execute");
        assertTrue(rig.lsCommand.isNew(), "execute's i0 relayed the call");
        assertEquals(LsCommand.Cmd.SAY, rig.lsCommand.get().cmd);
        rig.cs.destroy();
        assertEquals("wait_cmd", nextState(rig, "execute"));
        assertEquals(LsCommand.Cmd.STOP, rig.lsCommand.get().cmd, "the destroyed agent's sentence stops");
        rig.stepUntil("destroy");
        rig.stepUntil("listen");
        assertTrue(failed.await(Rig.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertTrue(why[0].contains(NaoCs.OPERATOR_DESTROY), why[0]);
        assertEquals(1, rig.cs.status().destroyed());
        assertNull(rig.fsm.fault());
    }

    /** A motion whose end e_core,body never reports is stopped when call_timeout ends it, on whichever side. */
    @Test
    void aCallThatTimesOutIsStopped() throws Exception {
        String[] why = new String[1];
        try (Rig timed = new Rig(store.uri(), dir.resolve("timed"), 0.5)) {
            timed.agents.put("walker", rapp -> {
                try {
                    rapp.moveTo(1, 0, 0);
                } catch (RappException e) {
                    why[0] = e.getMessage();
                }
            });
            timed.listening();
            timed.cs.deploy("walker");
            timed.stepUntil("execute");
            assertEquals(BodyCommand.Cmd.MOVE_TO, timed.bodyCommand.get().cmd);
            assertEquals("wait_cmd", nextState(timed, "execute"));
            assertEquals(BodyCommand.Cmd.STOP, timed.bodyCommand.get().cmd, "the motion is stopped");
            timed.stepUntil("listen");
            assertTrue(why[0].contains("within 500 ms"), "the agent's or the loop's time-out: " + why[0]);
            assertNull(timed.fsm.fault());
        }
    }

    @Test
    void withNoStoreUriTheRappStoreServicesAddressIsUsed() throws Exception {
        try (Rig found = new Rig(null, dir.resolve("found"), 5, 600, 0.05, null)) {
            found.listening();
            assertTrue(found.cs.lastError().startsWith("init: no store known yet"), found.cs.lastError());
            assertEquals(Map.of(), found.cs.apps());
            found.cs.bindStore(null, Map.of(RappStore.URI_PROPERTY, "http://[::1"));
            assertTrue(found.cs.lastError().startsWith("the RappStore service's rapp.store.uri 'http://[::1' is not a URI"),
                    found.cs.lastError());
            // A store that never answers holds the worker's read, not listen.
            try (SilentStore silent = new SilentStore(0)) {
                Map<String, Object> silentProperties = Map.of(RappStore.URI_PROPERTY, silent.uri().toString());
                found.cs.bindStore(null, silentProperties);
                found.listenWhileTheStoreIsSilent(silent, LISTEN_STEPS);
                found.cs.unbindStore(null, silentProperties);
            }
            Map<String, Object> properties = Map.of(RappStore.URI_PROPERTY, store.uri().toString());
            found.cs.bindStore(null, properties);
            found.stepUntil("the store's keywords reach r_core,mic",
                    () -> found.micCommand.get().dct.toString().contains("walk"));
            assertEquals("listen", found.fsm.currentState());
            assertEquals(List.of("walk"), found.cs.apps().get("walker"));

            // The store goes away: an app asked for now is a clear error, and cs listens again.
            found.cs.unbindStore(null, properties);
            found.hear("walk");
            found.stepUntil("inform");
            assertEquals("app 'walker' could not be loaded: store.uri is empty and no RappStore service is registered",
                    found.cs.lastError());
            assertTrue(found.lsCommand.isNew(), "inform's i0 sent its SAY");
            found.replyLs();
            found.stepUntil("listen");
            assertNull(found.fsm.fault());
        }
    }

    @Test
    void theBundleRegistersRappCoreAndFollowsTheRappStoreService() throws Exception {
        try (InputStream in = NaoCs.class.getClassLoader().getResourceAsStream("OSGI-INF/org.embodia.nao.cs.NaoCs.xml")) {
            String xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(xml.contains("<provide interface=\"org.embodia.nao.cs.api.RappCore\"/>"), xml);
            assertTrue(xml.contains("cardinality=\"0..1\" policy=\"dynamic\" interface=\"org.embodia.rapp.store.api.RappStore\""),
                    xml);
            assertTrue(xml.contains("<property name=\"store.uri\" type=\"String\" value=\"\"/>"), xml);
        }
    }

    @Test
    void lastStartIsTheTimeFromLoadToWorking() throws Exception {
        // The stand-in host takes its time to start each app, as an app's process does: the measure must hold it.
        long[] installMillis = new long[1];
        AgentHost slow = (app, jar, timeout) -> {
            Thread.sleep(installMillis[0]);
            if (app.equals("mimic")) {
                throw new IllegalStateException("mimic's agent did not start");
            }
            return new AgentHost.Installed() {
                @Override
                public DynamicAgent agent() {
                    return rapp -> { };
                }

                @Override
                public void remove() {
                }
            };
        };
        try (Rig timed = new Rig(store.uri(), dir.resolve("timed"), 5, 600, 0.05, slow)) {
            timed.listening();
            assertNull(timed.cs.lastStart(), "no app has reached Working yet");
            for (long millis : new long[] {150, 400}) {
                installMillis[0] = millis;
                long t0 = System.nanoTime();
                timed.cs.deploy("walker");
                timed.stepUntil("load");
                timed.stepUntil("Working", () -> timed.cs.status().agentStatus() == AgentStatus.WORKING);
                Duration took = Duration.ofNanos(System.nanoTime() - t0);
                Duration last = timed.cs.lastStart();
                assertTrue(last.toMillis() >= millis, last + " holds the host's " + millis + " ms");
                assertTrue(last.compareTo(took) <= 0, last + " is within the deploy's " + took);
                timed.stepUntil("listen");
                assertEquals(last, timed.cs.lastStart(), "destroy leaves it");
            }
            // An app that fails to activate reaches no Working: the last start stays.
            Duration before = timed.cs.lastStart();
            timed.cs.deploy("mimic");
            timed.stepUntil("destroy");
            timed.stepUntil("listen");
            assertEquals(2, timed.cs.status().activated());
            assertEquals(before, timed.cs.lastStart());
            assertNull(timed.fsm.fault());
        }
    }

    /** Steps until the state after {@code from} runs; returns it. */
    private static String nextState(Rig rig, String from) throws InterruptedException {
        rig.stepUntil("the state after " + from, () -> !rig.fsm.currentState().equals(from));
        return rig.fsm.currentState();
    }

    /** Steps the loop while the agent's thread gets to the latch. */
    private static void waitFor(Rig rig, CountDownLatch latch) throws InterruptedException {
        rig.stepUntil("the agent's thread at the latch", () -> latch.getCount() == 0);
    }
}
