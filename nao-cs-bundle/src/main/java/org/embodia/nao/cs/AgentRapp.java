package org.embodia.nao.cs;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.embodia.nao.api.DesiredJointAngles;
import org.embodia.nao.model.CameraParameter;
import org.embodia.nao.model.DeviceKeys;
import org.embodia.nao.model.NaoCamera;
import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.model.NaoKinematics;
import org.embodia.nao.model.Resolution;
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
    /**
     * Height of the head's pivot (where the HeadYaw and HeadPitch axes meet) above the floor in the robot frame, m,
     * standing with straight legs: FootHeight + TibiaLength + ThighLength + HipOffsetZ + NeckOffsetZ (0.45959 m).
     */
    static final double HEAD_PIVOT_HEIGHT = NaoKinematics.FOOT_HEIGHT + NaoKinematics.TIBIA_LENGTH
            + NaoKinematics.THIGH_LENGTH + NaoKinematics.HIP_OFFSET_Z + NaoKinematics.NECK_OFFSET_Z;
    /** lookAtPoint's fraction of the head joints' maximum speed: our choice, a calm head turn. */
    static final double LOOK_SPEED = 0.2;

    private final String app;
    private final AtomicReference<Call> slot;
    private final Duration timeout;
    private final Path recordings;
    private final AtomicLong files = new AtomicLong();
    private final CallLog log;
    private volatile boolean revoked;
    private volatile boolean terminated;

    AgentRapp(String app, AtomicReference<Call> slot, Duration timeout, Path recordings, CallLog log) {
        this.app = app;
        this.log = log;
        this.slot = slot;
        this.timeout = timeout;
        this.recordings = recordings;
    }

    /** destroy: every later call throws. */
    void revoke() {
        revoked = true;
    }

    boolean revoked() {
        return revoked;
    }

    boolean terminated() {
        return terminated;
    }

    private Call call(Call call) {
        try {
            Call done = carryOut(call);
            log.add(app, call.fn, "ok");
            return done;
        } catch (RappException e) {
            log.add(app, call.fn, e.getMessage());
            throw e;
        }
    }

    private Call carryOut(Call call) {
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
        if (language == null || language.isBlank()) {
            throw new RappException("textToSpeech: language is empty; give ALTextToSpeech's name of it, e.g. English");
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
        if (angles == null || angles.isEmpty()) {
            throw new RappException("moveJoint: no joint given");
        }
        if (angles.size() > DesiredJointAngles.CAPACITY) {
            throw new RappException("moveJoint: " + angles.size() + " joints given; NAO has " + DesiredJointAngles.CAPACITY);
        }
        if (!(fractionMaxSpeed > 0 && fractionMaxSpeed <= 1)) {
            throw new RappException("moveJoint: fractionMaxSpeed is " + fractionMaxSpeed + "; it must be in (0, 1]");
        }
        Call c = new Call(Call.Fn.MOVE_JOINT);
        c.joints = new String[angles.size()];
        c.values = new double[angles.size()];
        int k = 0;
        for (Map.Entry<String, Double> e : angles.entrySet()) {
            NaoJoint joint = joint(e.getKey());
            double value = finite("moveJoint: " + joint.naoqiName(), e.getValue() == null ? Double.NaN : e.getValue());
            if (!joint.isWithinLimits(value)) {
                throw new RappException("moveJoint: " + joint.naoqiName() + " to " + value + " is outside its range ["
                        + joint.min() + ", " + joint.max() + "]");
            }
            c.joints[k] = joint.naoqiName();
            c.values[k] = value;
            k++;
        }
        c.a = fractionMaxSpeed;
        call(c);
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
        call(new Call(Call.Fn.REST));
    }

    @Override
    public void moveAlongPath(List<RobotPose> path) {
        if (path == null || path.isEmpty()) {
            throw new RappException("moveAlongPath: the path is empty");
        }
        Call c = new Call(Call.Fn.MOVE_ALONG_PATH);
        c.xs = new double[path.size()];
        c.ys = new double[path.size()];
        c.thetas = new double[path.size()];
        for (int k = 0; k < path.size(); k++) {
            RobotPose p = path.get(k);
            if (p == null) {
                throw new RappException("moveAlongPath: pose " + k + " is missing");
            }
            c.xs[k] = finite("path[" + k + "].x", p.x());
            c.ys[k] = finite("path[" + k + "].y", p.y());
            c.thetas[k] = finite("path[" + k + "].θ", p.theta());
        }
        call(c);
    }

    @Override
    public void globalLocalization(RobotPose pose) {
        if (pose == null) {
            throw new RappException("globalLocalization: pose is missing");
        }
        Call c = new Call(Call.Fn.GLOBAL_LOCALIZATION);
        c.a = finite("x", pose.x());
        c.b = finite("y", pose.y());
        c.c = finite("θ", pose.theta());
        call(c);
    }

    @Override
    public void lookAtPoint(double x, double y, double z) {
        finite("x", x);
        finite("y", y);
        finite("z", z);
        double ground = Math.hypot(x, y);
        double drop = HEAD_PIVOT_HEIGHT - z;
        if (ground < 1e-6 && Math.abs(drop) < 1e-6) {
            throw new RappException("lookAtPoint: (" + x + ", " + y + ", " + z + ") is the head's own pivot; there is no direction to it");
        }
        // HeadPitch is positive downwards (NAOqi's joint convention), so a point below the head gives a positive pitch.
        double yaw = Math.atan2(y, x);
        double pitch = Math.atan2(drop, ground);
        for (NaoJoint j : List.of(NaoJoint.HEAD_YAW, NaoJoint.HEAD_PITCH)) {
            double angle = j == NaoJoint.HEAD_YAW ? yaw : pitch;
            if (!j.isWithinLimits(angle)) {
                throw new RappException("lookAtPoint: (" + x + ", " + y + ", " + z + ") needs " + j.naoqiName() + " = "
                        + angle + " rad, outside its range [" + j.min() + ", " + j.max() + "]");
            }
        }
        Call c = new Call(Call.Fn.LOOK_AT_POINT);
        c.joints = new String[] {NaoJoint.HEAD_YAW.naoqiName(), NaoJoint.HEAD_PITCH.naoqiName()};
        c.values = new double[] {yaw, pitch};
        c.a = LOOK_SPEED;
        call(c);
    }

    @Override
    public RobotPose getRobotPosition() {
        Call c = call(new Call(Call.Fn.GET_ROBOT_POSITION));
        return RobotPose.planar(c.x, c.y, c.theta);
    }

    /**
     * The transform of the chain's effector, camera or joint ({@link NaoKinematics#frameNames()}) in the torso frame
     * (NAOqi's FRAME_TORSO), row by row, m: execute reads each joint's measured angle from e_core,body with a GET of
     * its ALMemory key, then computes it. e_core,body takes a GET only in idle, so while it walks after moveVel the
     * call waits until moveStop or times out.
     */
    @Override
    public double[] getTransform(String chainName) {
        NaoKinematics.Frame frame;
        try {
            frame = NaoKinematics.frame(chainName);
        } catch (IllegalArgumentException e) {
            throw new RappException("getTransform: " + e.getMessage());
        }
        Call c = new Call(Call.Fn.GET_TRANSFORM);
        c.frame = frame;
        c.keys = new String[frame.jointCount()];
        for (int k = 0; k < c.keys.length; k++) {
            c.keys[k] = DeviceKeys.jointPosition(frame.joint(k));
        }
        c.values = new double[frame.jointCount()];
        c.transform = new double[16];
        return call(c).transform;
    }

    @Override
    public CapturedImage captureImage(int cameraId, int resolution) {
        Resolution r;
        try {
            NaoCamera.byIndex(cameraId);
            r = Resolution.byId(resolution);
        } catch (IllegalArgumentException e) {
            throw new RappException("captureImage: " + e.getMessage());
        }
        Call c = new Call(Call.Fn.CAPTURE_IMAGE);
        c.a = cameraId;
        c.b = resolution;
        // Three bytes a pixel: the camera delivers kBGRColorSpace, which cs subscribes with.
        c.pixels = new byte[3 * r.width() * r.height()];
        call(c);
        byte[] data = c.length == c.pixels.length ? c.pixels : Arrays.copyOf(c.pixels, c.length);
        return new CapturedImage(c.width, c.height, c.encoding, c.width * c.layers, data);
    }

    @Override
    public void setCameraParams(int cameraId, int parameterId, int value) {
        CameraParameter p;
        try {
            NaoCamera.byIndex(cameraId);
            p = CameraParameter.byId(parameterId);
        } catch (IllegalArgumentException e) {
            throw new RappException("setCameraParams: " + e.getMessage());
        }
        if (value < p.min() || value > p.max()) {
            throw new RappException("setCameraParams: value " + value + " of " + p.naoqiName() + " is outside ["
                    + p.min() + ", " + p.max() + "]");
        }
        Call c = new Call(Call.Fn.SET_CAMERA_PARAMS);
        c.a = cameraId;
        c.b = value;
        c.text = Integer.toString(parameterId);
        call(c);
    }

    private static NaoJoint joint(String name) {
        try {
            return NaoJoint.byName(name);
        } catch (IllegalArgumentException e) {
            throw new RappException("moveJoint: " + e.getMessage());
        }
    }

    @Override
    public void terminate() {
        terminated = true;
    }
}
