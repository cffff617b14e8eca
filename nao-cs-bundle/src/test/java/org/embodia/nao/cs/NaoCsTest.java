package org.embodia.nao.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.embodia.api.fsm.StateDefinition;
import org.embodia.fsm.engine.StaticCheck;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.MicCommand;
import org.embodia.rapp.api.RappException;
import org.embodia.rapp.store.api.StoreServers;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** c_core,cs under the engine with the virtual side played through its buffers and rapp-store's real server. */
class NaoCsTest {
    /** aMisbehavingAgentNeverHoldsTheLoop's call timeout, s. */
    private static final double CALL_TIMEOUT = 1;
    @TempDir
    Path dir;

    private StoreServers.Running store() throws Exception {
        Path apps = Files.createDirectories(dir.resolve("store"));
        Rig.app(apps, "greeter", "hello, greet");
        return StoreServers.start(apps, 0);
    }

    private Rig listening(URI store, double callTimeout) throws Exception {
        return new Rig(store, dir.resolve("cs"), callTimeout).listening();
    }

    @Test
    void initWaitsForTheStoresAppsSoThatListensFirstRecognizeCarriesTheirKeywords() throws Exception {
        try (StoreServers.Running store = store(); Rig rig = new Rig(store.uri(), dir.resolve("cs"), 5)) {
            assertEquals("init", rig.step(), "init's i0 hands the worker the store's apps");
            assertTrue(rig.micCommand.isNew());
            assertEquals(MicCommand.Cmd.ABORT, rig.micCommand.get().cmd, "and ends a spotting of a cs before it");
            rig.awaitWorker();
            assertEquals("init", rig.step(), "tm switches once the worker is done");
            assertEquals("register", rig.step(), "the next check ends init, and register runs its i0 in that step");
            assertFalse(rig.micCommand.isNew(), "nothing for r_core,mic yet");
            assertEquals("listen", rig.step(), "register is one step: the next check ends it, and listen runs its i0");
            assertTrue(rig.micCommand.isNew(), "listen's i0 sends RECOGNIZE");
            MicCommand c = rig.micCommand.get();
            assertEquals(MicCommand.Cmd.RECOGNIZE, c.cmd);
            List<String> words = Arrays.asList(Arrays.copyOf(c.dct.words, c.dct.count));
            assertTrue(words.containsAll(List.of("hello", "greet", "Long", "Abort")), words.toString());
        }
    }

    @Test
    void theDefinitionIsDeterministicWithTheSeedsFourteenStates() throws Exception {
        StaticCheck.Report report = StaticCheck.check(Rig.definition());
        assertTrue(report.clean(), report.format());
        assertEquals(List.of("init", "register", "listen", "interpret_short", "record_cmd", "interpret_long", "inform",
                "load", "activate", "wait_cmd", "execute", "destroy", "unregister", "finish"),
                Rig.definition().states().stream().map(StateDefinition::name).toList());
    }

    @Test
    void theVoicePathRunsAnAppAndReturnsToListen() throws Exception {
        List<String> heard = new CopyOnWriteArrayList<>();
        try (StoreServers.Running store = store(); Rig rig = listening(store.uri(), 5)) {
            rig.agents.put("greeter", rapp -> {
                rapp.textToSpeech("Hi there", "English");
                heard.add("spoken");
                rapp.terminate();
            });
            assertTrue(rig.micCommand.isNew(), "listen's i0 sent its command");
            MicCommand listen = rig.micCommand.get();
            assertEquals(MicCommand.Cmd.RECOGNIZE, listen.cmd);
            assertTrue(listen.dct.toString().contains("hello") && listen.dct.toString().contains("Long"), listen.dct.toString());
            assertEquals(0.4, listen.threshold);
            rig.hear("hello");
            rig.stepUntil("interpret_short");
            rig.stepUntil("load");
            rig.stepUntil("activate");
            assertTrue(Files.isRegularFile(Path.of(rig.cs.memory().pkg)), "the package was downloaded");
            rig.stepUntil("execute");
            assertTrue(rig.lsCommand.isNew(), "execute's i0 relayed the call");
            assertEquals(LsCommand.Cmd.SAY, rig.lsCommand.get().cmd);
            assertEquals("Hi there", rig.lsCommand.get().text);
            rig.replyLs();
            rig.stepUntil("destroy");
            rig.stepUntil("listen");
            assertEquals(List.of("spoken"), heard, "the call returned once e_core,ls replied");
            rig.awaitWorker();
            assertEquals(1, rig.removed.get("greeter"), "the app's bundle was removed");
            assertNull(rig.fsm.fault());
        }
    }

    @Test
    void anUnknownOrEmptyWordIsInformedAndListenComesBack() throws Exception {
        try (StoreServers.Running store = store(); Rig rig = listening(store.uri(), 5)) {
            for (String word : List.of("banana", "")) {
                rig.hear(word);
                rig.stepUntil("interpret_short");
                rig.stepUntil("inform");
                assertTrue(rig.lsCommand.isNew(), "inform's i0 sent its SAY");
                assertEquals(LsCommand.Cmd.SAY, rig.lsCommand.get().cmd);
                assertEquals("Command was not recognized", rig.lsCommand.get().text);
                rig.replyLs();
                rig.stepUntil("listen");
            }
            assertNull(rig.fsm.fault());
        }
    }

    @Test
    void anUnreachableStoreIsAClearErrorAndListenComesBack() throws Exception {
        StoreServers.Running store = store();
        try (Rig rig = listening(store.uri(), 5)) {
            store.close();
            rig.hear("hello");
            rig.stepUntil("load");
            rig.stepUntil("inform");
            assertTrue(rig.lsCommand.isNew(), "inform's i0 sent its SAY");
            assertEquals("The app greeter could not be loaded", rig.lsCommand.get().text);
            assertTrue(rig.cs.lastError().startsWith("app 'greeter' could not be loaded:"), rig.cs.lastError());
            rig.replyLs();
            rig.stepUntil("listen");
        }
    }

    @Test
    void aBundleThatDoesNotResolveIsAClearErrorAndListenComesBack() throws Exception {
        try (StoreServers.Running store = store(); Rig rig = listening(store.uri(), 5)) {
            rig.hear("greet");
            rig.stepUntil("activate");
            rig.stepUntil("destroy");
            rig.stepUntil("listen");
            assertTrue(rig.cs.lastError().contains("did not resolve"), rig.cs.lastError());
        }
    }

    @Test
    void aMisbehavingAgentNeverHoldsTheLoop() throws Exception {
        AtomicInteger refused = new AtomicInteger();
        try (StoreServers.Running store = store(); Rig rig = listening(store.uri(), CALL_TIMEOUT)) {
            rig.agents.put("greeter", rapp -> {
                Thread[] flood = new Thread[8];
                for (int k = 0; k < flood.length; k++) {
                    flood[k] = new Thread(() -> {
                        try {
                            rapp.textToSpeech("flood", "English");
                        } catch (RappException e) {
                            refused.incrementAndGet();
                        }
                    });
                    flood[k].start();
                }
                for (Thread t : flood) {
                    t.join();
                }
                long until = System.nanoTime() + 2_000_000_000L;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait(); // ignores its interrupt
                }
                throw new IllegalStateException("agent throws");
            });
            rig.hear("hello");
            rig.stepUntil("wait_cmd");
            long worst = 0;
            long deadline = System.nanoTime() + Rig.PATIENCE.toNanos();
            while (!rig.fsm.currentState().equals("listen") && System.nanoTime() - deadline < 0) {
                long t0 = System.nanoTime();
                rig.step();
                worst = Math.max(worst, System.nanoTime() - t0);
                Thread.sleep(5);
            }
            assertEquals("listen", rig.fsm.currentState(), "destroy returned to listen while the agent spun");
            // A loop that waited for the agent would wait a call's timeout or the agent's 2 s spin: half the first
            // tells that from a step a loaded machine delays.
            assertTrue(worst < CALL_TIMEOUT * 1e9 / 2, "a step took " + worst / 1e6 + " ms");
            assertTrue(refused.get() >= 6, "floods refused or timed out: " + refused.get());
            assertNull(rig.fsm.fault());
        }
    }

    @Test
    void callsAfterDestroyThrow() {
        AgentRapp rapp = new AgentRapp("x", new java.util.concurrent.atomic.AtomicReference<>(), java.time.Duration.ofSeconds(1), dir, new CallLog());
        rapp.revoke();
        RappException e = assertThrows(RappException.class, () -> rapp.textToSpeech("a", "English"));
        assertEquals("x has been destroyed: no RAPP call is carried out for it any more", e.getMessage());
    }

    @Test
    void listenAndWaitCmdAllocateNothingOnceWarm() throws Exception {
        try (StoreServers.Running store = store(); Rig rig = listening(store.uri(), 30)) {
            // The operator's shell reads cs all along: RappCore's reads and hand-over slots cost the loop nothing.
            AtomicInteger polls = new AtomicInteger();
            Thread shell = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    if (rig.cs.status().state() != null && rig.cs.apps() != null) {
                        polls.incrementAndGet();
                    }
                }
            }, "shell");
            shell.setDaemon(true);
            shell.start();
            assertEquals("listen", rig.fsm.currentState());
            assertEquals(0, measure(rig), "bytes allocated by 20,000 warm steps in listen");
            Object gate = new Object();
            rig.agents.put("greeter", rapp -> {
                synchronized (gate) {
                    gate.wait();
                }
            });
            rig.hear("hello");
            rig.stepUntil("wait_cmd");
            assertEquals(0, measure(rig), "bytes allocated by 20,000 warm steps in wait_cmd");
            assertEquals("wait_cmd", rig.fsm.currentState());
            assertNotNull(rig.cs.agentStatus());
            shell.interrupt();
            shell.join();
            assertTrue(polls.get() > 0, "the shell read the status while the loop ran");
        }
    }

    private static long measure(Rig rig) {
        return Allocations.warmUpThenLeastOfTenRounds(50_000, 20_000, rig::step);
    }
}
