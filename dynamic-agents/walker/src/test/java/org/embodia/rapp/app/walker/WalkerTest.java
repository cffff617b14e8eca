package org.embodia.rapp.app.walker;

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
import org.embodia.rapp.api.RobotPose;
import org.embodia.rapp.app.testing.RecordingRapp;
import org.embodia.rapp.app.testing.RecordingRapp.Call;
import org.junit.jupiter.api.Test;

class WalkerTest {
    /** How long a test waits for the agent's thread: it ends on its interrupt, which a loaded machine may delay. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private final Walker walker = new Walker();

    @Test
    void itStandsWalksAndSaysWhereItIs() throws Exception {
        RecordingRapp rapp = new RecordingRapp()
                .answer("getRobotPosition", RobotPose.planar(1.2968, -0.054, Math.toRadians(-12.4)));
        walker.run(rapp);
        assertEquals(List.of(
                new Call("takePredefinedPosture", "StandInit", 0.5),
                new Call("moveTo", 0.3, 0.0, 0.0),
                new Call("getRobotPosition"),
                new Call("textToSpeech", "I am at x 1.30 metres, y -0.05 metres, facing -12 degrees.", "English")),
                rapp.calls());
    }

    @Test
    void aPoseNearZeroIsSaidWithoutMinusSigns() {
        assertEquals("I am at x 0.00 metres, y 0.00 metres, facing 0 degrees.",
                Walker.whereIAm(RobotPose.planar(-0.004, -0.0001, -0.001)));
    }

    @Test
    void aPoseThatIsNotFiniteIsAnErrorAndNothingIsSaid() {
        RecordingRapp rapp = new RecordingRapp().answer("getRobotPosition", RobotPose.planar(Double.NaN, 0, 0));
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> walker.run(rapp));
        assertTrue(error.getMessage().startsWith("getRobotPosition answered a pose that is not finite: RobotPose[x=NaN"),
                error.getMessage());
        assertEquals(List.of("takePredefinedPosture", "moveTo", "getRobotPosition"), rapp.functions());
    }

    @Test
    void aRejectedCallEndsTheRun() {
        RappException rejected = new RappException("moveTo: the robot is not standing");
        RecordingRapp rapp = new RecordingRapp().fail("moveTo", rejected);
        assertSame(rejected, assertThrows(RappException.class, () -> walker.run(rapp)));
        assertEquals(List.of("takePredefinedPosture", "moveTo"), rapp.functions());
    }

    @Test
    void anInterruptDuringACompletedCallStopsBeforeTheNext() {
        RecordingRapp rapp = new RecordingRapp().interruptDuring("takePredefinedPosture");
        InterruptedException stopped = assertThrows(InterruptedException.class, () -> walker.run(rapp));
        assertEquals("walker interrupted: the core agent destroyed it", stopped.getMessage());
        assertEquals(List.of("takePredefinedPosture"), rapp.functions());
    }

    @Test
    void anInterruptWhileWalkingEndsTheRunPromptly() throws Exception {
        RecordingRapp rapp = new RecordingRapp().blockIn("moveTo");
        CompletableFuture<Void> run = new CompletableFuture<>();
        Thread agent = new Thread(() -> {
            try {
                walker.run(rapp);
                run.complete(null);
            } catch (Exception | Error e) {
                run.completeExceptionally(e);
            }
        }, "walker-under-test");
        agent.start();
        assertTrue(rapp.awaitBlocked(PATIENCE.toSeconds(), TimeUnit.SECONDS), "walker never reached moveTo");
        agent.interrupt();
        ExecutionException ended = assertTimeoutPreemptively(PATIENCE,
                () -> assertThrows(ExecutionException.class, run::get));
        assertTrue(ended.getCause() instanceof RappException, ended.getCause().toString());
        assertEquals(List.of("takePredefinedPosture", "moveTo"), rapp.functions());
        agent.join(PATIENCE.toMillis());
        assertFalse(agent.isAlive());
    }
}
