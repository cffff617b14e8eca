package org.embodia.rapp.app.testing;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.embodia.rapp.api.CapturedImage;
import org.embodia.rapp.api.Rapp;
import org.embodia.rapp.api.RappException;
import org.embodia.rapp.api.RobotPose;

/**
 * A RAPP API for an app's tests: records every call in order (name and arguments), answers the values scripted for a
 * function in the order given, and acts out what the core agent's cs may do to an app:
 * <ul>
 * <li>{@link #fail}: the call throws the given {@link RappException}, as when a virtual effector rejects it;</li>
 * <li>{@link #interruptDuring}: the call completes but the app's thread is interrupted meanwhile, as when cs destroys
 * the app just as the call ends;</li>
 * <li>{@link #blockIn}: the call waits, as for a robot that never reports completion, until the thread is interrupted,
 * then throws {@link RappException}.</li>
 * </ul>
 * Once interrupted every later call throws {@link RappException}, as {@link Rapp} promises of a destroyed app; the call
 * is recorded all the same, so a test sees what an app tried after being told to stop.
 */
public final class RecordingRapp implements Rapp {
    /** One call: the RAPP API function's name and its arguments in order. */
    public record Call(String function, List<Object> arguments) {
        public Call(String function, Object... arguments) {
            this(function, Collections.unmodifiableList(new ArrayList<>(Arrays.asList(arguments))));
        }
    }

    private final List<Call> calls = new ArrayList<>();
    private final Map<String, Deque<Object>> answers = new HashMap<>();
    private final Map<String, RappException> failures = new HashMap<>();
    private final Set<String> interruptions = new HashSet<>();
    private final Set<String> blocking = new HashSet<>();
    private final CountDownLatch blocked = new CountDownLatch(1);
    private boolean destroyed;

    /** {@code function}'s next call returns {@code value} (after those scripted before it). */
    public synchronized RecordingRapp answer(String function, Object value) {
        answers.computeIfAbsent(function, f -> new ArrayDeque<>()).add(value);
        return this;
    }

    /** Every call of {@code function} throws {@code failure}. */
    public synchronized RecordingRapp fail(String function, RappException failure) {
        failures.put(function, failure);
        return this;
    }

    /** A call of {@code function} interrupts the calling thread and then completes normally. */
    public synchronized RecordingRapp interruptDuring(String function) {
        interruptions.add(function);
        return this;
    }

    /** A call of {@code function} waits until the calling thread is interrupted, then throws {@link RappException}. */
    public synchronized RecordingRapp blockIn(String function) {
        blocking.add(function);
        return this;
    }

    /** Waits until a call is waiting in a function given to {@link #blockIn}; false if none came within the time. */
    public boolean awaitBlocked(long timeout, TimeUnit unit) throws InterruptedException {
        return blocked.await(timeout, unit);
    }

    /** The calls so far, in order. */
    public synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The functions called so far, in order. */
    public synchronized List<String> functions() {
        return calls.stream().map(Call::function).toList();
    }

    private Object call(String function, Object... arguments) {
        boolean block;
        synchronized (this) {
            calls.add(new Call(function, arguments));
            if (destroyed || Thread.currentThread().isInterrupted()) {
                destroyed = true;
                throw new RappException(function + ": the app has been destroyed");
            }
            RappException failure = failures.get(function);
            if (failure != null) {
                throw failure;
            }
            if (interruptions.contains(function)) {
                Thread.currentThread().interrupt();
                destroyed = true;
            }
            block = blocking.contains(function);
        }
        if (block) {
            waitUntilInterrupted(function);
        }
        synchronized (this) {
            Deque<Object> scripted = answers.get(function);
            return scripted == null ? null : scripted.poll();
        }
    }

    private void waitUntilInterrupted(String function) {
        blocked.countDown();
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            synchronized (this) {
                destroyed = true;
            }
            // The interrupt stays visible to the app, as cs's destroy leaves it.
            Thread.currentThread().interrupt();
            throw new RappException(function + ": the app was destroyed while waiting for completion", e);
        }
    }

    private <T> T answered(String function, Class<T> type, Object... arguments) {
        Object value = call(function, arguments);
        if (value == null) {
            throw new IllegalStateException("RecordingRapp: no answer scripted for " + function);
        }
        return type.cast(value);
    }

    @Override
    public void textToSpeech(String text, String language) {
        call("textToSpeech", text, language);
    }

    @Override
    public void playAudio(Path file, double beginPosition, boolean loop, double volume) {
        call("playAudio", file, beginPosition, loop, volume);
    }

    @Override
    public String wordSpotting(List<String> dictionary, double threshold) {
        return answered("wordSpotting", String.class, dictionary, threshold);
    }

    @Override
    public Path captureAudio(double seconds) {
        return answered("captureAudio", Path.class, seconds);
    }

    @Override
    public Path captureAudio(double energy, double silenceSeconds) {
        return answered("captureAudio", Path.class, energy, silenceSeconds);
    }

    @Override
    public Path voiceRecord(double silenceSeconds) {
        return answered("voiceRecord", Path.class, silenceSeconds);
    }

    @Override
    public void moveTo(double x, double y, double theta) {
        call("moveTo", x, y, theta);
    }

    @Override
    public void moveVel(double vx, double vy, double omega) {
        call("moveVel", vx, vy, omega);
    }

    @Override
    public void moveStop() {
        call("moveStop");
    }

    @Override
    public void moveJoint(Map<String, Double> angles, double fractionMaxSpeed) {
        call("moveJoint", Map.copyOf(angles), fractionMaxSpeed);
    }

    @Override
    public void takePredefinedPosture(String posture, double speed) {
        call("takePredefinedPosture", posture, speed);
    }

    @Override
    public void rest() {
        call("rest");
    }

    @Override
    public void moveAlongPath(List<RobotPose> path) {
        call("moveAlongPath", List.copyOf(path));
    }

    @Override
    public void globalLocalization(RobotPose pose) {
        call("globalLocalization", pose);
    }

    @Override
    public void lookAtPoint(double x, double y, double z) {
        call("lookAtPoint", x, y, z);
    }

    @Override
    public RobotPose getRobotPosition() {
        return answered("getRobotPosition", RobotPose.class);
    }

    @Override
    public double[] getTransform(String chainName) {
        return answered("getTransform", double[].class, chainName);
    }

    @Override
    public CapturedImage captureImage(int cameraId, int resolution) {
        return answered("captureImage", CapturedImage.class, cameraId, resolution);
    }

    @Override
    public void setCameraParams(int cameraId, int parameterId, int value) {
        call("setCameraParams", cameraId, parameterId, value);
    }

    @Override
    public void terminate() {
        call("terminate");
    }
}
