package org.embodia.rapp.app.greeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.embodia.rapp.api.RappException;
import org.embodia.rapp.app.testing.RecordingRapp;
import org.embodia.rapp.app.testing.RecordingRapp.Call;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GreeterTest {
    /** How long a test waits for the agent's thread: it ends on its interrupt, which a loaded machine may delay. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private final Greeter greeter = new Greeter();

    @ParameterizedTest
    @CsvSource({
        "fine, I am glad you are fine.",
        "good, Good to hear that!",
        "bad, I am sorry to hear that. I hope you feel better soon."})
    void itGreetsListensAndAnswersTheWordHeard(String heard, String answer) throws Exception {
        RecordingRapp rapp = new RecordingRapp().answer("wordSpotting", heard);
        greeter.run(rapp);
        assertEquals(List.of(
                new Call("textToSpeech", "Hello! How are you?", "English"),
                new Call("wordSpotting", List.of("fine", "good", "bad"), 0.5),
                new Call("textToSpeech", answer, "English")), rapp.calls());
    }

    @Test
    void nothingHeardIsSaid() throws Exception {
        RecordingRapp rapp = new RecordingRapp().answer("wordSpotting", "");
        greeter.run(rapp);
        assertEquals(new Call("textToSpeech", "I did not hear you. Goodbye!", "English"), rapp.calls().get(2));
        assertEquals(3, rapp.calls().size());
    }

    @Test
    void aWordOutsideTheDictionaryIsNotTakenForOne() throws Exception {
        RecordingRapp rapp = new RecordingRapp().answer("wordSpotting", "walk");
        greeter.run(rapp);
        assertEquals(new Call("textToSpeech", "Sorry, I did not understand you. Goodbye!", "English"),
                rapp.calls().get(2));
    }

    @Test
    void aRejectedCallEndsTheRun() {
        RappException rejected = new RappException("e_core,mic busy");
        RecordingRapp rapp = new RecordingRapp().fail("wordSpotting", rejected);
        assertSame(rejected, assertThrows(RappException.class, () -> greeter.run(rapp)));
        assertEquals(List.of("textToSpeech", "wordSpotting"), rapp.functions());
    }

    @Test
    void anInterruptDuringACompletedCallStopsBeforeTheNext() {
        RecordingRapp rapp = new RecordingRapp().interruptDuring("textToSpeech");
        InterruptedException stopped = assertThrows(InterruptedException.class, () -> greeter.run(rapp));
        assertEquals("greeter interrupted: the core agent destroyed it", stopped.getMessage());
        assertEquals(List.of("textToSpeech"), rapp.functions());
        assertFalse(Thread.currentThread().isInterrupted());
    }

    @Test
    void anInterruptWhileWaitingForTheRobotEndsTheRunPromptly() throws Exception {
        RecordingRapp rapp = new RecordingRapp().blockIn("wordSpotting");
        CompletableFuture<Void> run = new CompletableFuture<>();
        Thread agent = new Thread(() -> {
            try {
                greeter.run(rapp);
                run.complete(null);
            } catch (Exception | Error e) {
                run.completeExceptionally(e);
            }
        }, "greeter-under-test");
        agent.start();
        assertTrue(rapp.awaitBlocked(PATIENCE.toSeconds(), TimeUnit.SECONDS), "greeter never reached wordSpotting");
        agent.interrupt();
        ExecutionException ended = assertTimeoutPreemptively(PATIENCE,
                () -> assertThrows(ExecutionException.class, run::get));
        assertTrue(ended.getCause() instanceof RappException, ended.getCause().toString());
        assertEquals(List.of("textToSpeech", "wordSpotting"), rapp.functions());
        agent.join(PATIENCE.toMillis());
        assertFalse(agent.isAlive());
    }
}
