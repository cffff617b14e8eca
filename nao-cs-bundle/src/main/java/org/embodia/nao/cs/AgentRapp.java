package org.embodia.nao.cs;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.embodia.rapp.api.CapturedImage;
import org.embodia.rapp.api.Rapp;
import org.embodia.rapp.api.RappException;
import org.embodia.rapp.api.RobotPose;

/**
 * The {@link Rapp} one dynamic agent gets: each call goes into a single slot that wait_cmd empties, and blocks its
 * thread until execute completes it, it times out, or the agent is destroyed (revoked). A call while the slot is
 * full is refused, so a flooding agent cannot queue work without bound or hold the loop.
 */
final class AgentRapp implements Rapp {
    private final String app;
    private final AtomicReference<Call> slot;
    private final Duration timeout;
    private final Path recordings;
    private final AtomicLong files = new AtomicLong();
    private volatile boolean revoked;
    private volatile boolean terminated;

    AgentRapp(String app, AtomicReference<Call> slot, Duration timeout, Path recordings) {
        this.app = app;
        this.slot = slot;
        this.timeout = timeout;
        this.recordings = recordings;
    }

    /** destroy: every later call throws. */
    void revoke() {
        revoked = true;
    }

    boolean terminated() {
        return terminated;
    }

    private Call call(Call call) {
        if (revoked) {
            throw new RappException(app + " has been destroyed: no RAPP call is carried out for it any more");
        }
        if (!slot.compareAndSet(null, call)) {
            throw new RappException(call.fn + " refused: another RAPP call of " + app
                    + " is waiting to be carried out (calls are carried out one at a time)");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            int s = call.state.get();
            if (s == Call.DONE) {
                return call;
            }
            if (s == Call.FAILED) {
                throw new RappException(call.fn + " failed: " + call.failure);
            }
            String giveUp = revoked ? app + " was destroyed during " + call.fn
                    : Thread.interrupted() ? call.fn + " interrupted"
                    : System.nanoTime() - deadline >= 0 ? call.fn + " did not complete within " + timeout.toMillis() + " ms"
                    : null;
            if (giveUp != null && call.state.compareAndSet(s, Call.ABANDONED)) {
                slot.compareAndSet(call, null);
                throw new RappException(giveUp);
            }
            LockSupport.parkNanos(call, 1_000_000);
        }
    }

    private String newFile(String kind) {
        return recordings.resolve(app + "-" + kind + "-" + files.incrementAndGet() + ".wav").toString();
    }

    private static RappException unsupported(String function) {
        return new RappException(function + " is not supported yet by the core agent's cs");
    }

    private static double finite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new RappException(name + " is " + value + "; it must be a finite number");
        }
        return value;
    }

    @Override
    public void textToSpeech(String text, String language) {
        if (text == null || text.isEmpty()) {
            throw new RappException("textToSpeech: text is empty");
        }
        Call c = new Call(Call.Fn.TEXT_TO_SPEECH);
        c.text = text;
        c.language = language;
        call(c);
    }

    @Override
    public void playAudio(Path file, double beginPosition, boolean loop, double volume) {
        if (file == null) {
            throw new RappException("playAudio: file is missing");
        }
        Call c = new Call(Call.Fn.PLAY_AUDIO);
        c.file = file.toString();
        c.a = finite("beginPosition", beginPosition);
        c.flag = loop;
        c.b = finite("volume", volume);
        call(c);
    }

    @Override
    public String wordSpotting(List<String> dictionary, double threshold) {
        if (dictionary == null || dictionary.isEmpty()) {
            throw new RappException("wordSpotting: the dictionary is empty");
        }
        Call c = new Call(Call.Fn.WORD_SPOTTING);
        c.words = List.copyOf(dictionary);
        c.a = finite("threshold", threshold);
        return call(c).word;
    }

    @Override
    public Path captureAudio(double seconds) {
        Call c = new Call(Call.Fn.CAPTURE_AUDIO);
        c.file = newFile("capture");
        c.a = finite("seconds", seconds);
        return Path.of(call(c).file);
    }

    @Override
    public Path captureAudio(double energy, double silenceSeconds) {
        Call c = new Call(Call.Fn.CAPTURE_AUDIO_SILENCE);
        c.file = newFile("capture");
        c.a = finite("energy", energy);
        c.b = finite("silenceSeconds", silenceSeconds);
        return Path.of(call(c).file);
    }

    @Override
    public Path voiceRecord(double silenceSeconds) {
        Call c = new Call(Call.Fn.VOICE_RECORD);
        c.file = newFile("voice");
        c.b = finite("silenceSeconds", silenceSeconds);
        return Path.of(call(c).file);
    }

    @Override
    public void moveTo(double x, double y, double theta) {
        Call c = new Call(Call.Fn.MOVE_TO);
        c.a = finite("x", x);
        c.b = finite("y", y);
        c.c = finite("theta", theta);
        call(c);
    }

    @Override
    public void moveVel(double vx, double vy, double omega) {
        Call c = new Call(Call.Fn.MOVE_VEL);
        c.a = finite("vx", vx);
        c.b = finite("vy", vy);
        c.c = finite("omega", omega);
        call(c);
    }

    @Override
    public void moveStop() {
        call(new Call(Call.Fn.MOVE_STOP));
    }

    @Override
    public void moveJoint(Map<String, Double> angles, double fractionMaxSpeed) {
        throw unsupported("moveJoint");
    }

    @Override
    public void takePredefinedPosture(String posture, double speed) {
        if (posture == null || posture.isEmpty()) {
            throw new RappException("takePredefinedPosture: posture is empty");
        }
        Call c = new Call(Call.Fn.TAKE_PREDEFINED_POSTURE);
        c.text = posture;
        c.a = finite("speed", speed);
        call(c);
    }

    @Override
    public void rest() {
        throw unsupported("rest");
    }

    @Override
    public void moveAlongPath(List<RobotPose> path) {
        throw unsupported("moveAlongPath");
    }

    @Override
    public void globalLocalization(RobotPose pose) {
        throw unsupported("globalLocalization");
    }

    @Override
    public void lookAtPoint(double x, double y, double z) {
        throw unsupported("lookAtPoint");
    }

    @Override
    public RobotPose getRobotPosition() {
        Call c = call(new Call(Call.Fn.GET_ROBOT_POSITION));
        return RobotPose.planar(c.x, c.y, c.theta);
    }

    @Override
    public double[] getTransform(String chainName) {
        throw unsupported("getTransform");
    }

    @Override
    public CapturedImage captureImage(int cameraId, int resolution) {
        throw unsupported("captureImage");
    }

    @Override
    public void setCameraParams(int cameraId, int parameterId, int value) {
        throw unsupported("setCameraParams");
    }

    @Override
    public void terminate() {
        terminated = true;
    }
}
