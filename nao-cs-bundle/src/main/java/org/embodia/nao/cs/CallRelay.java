package org.embodia.nao.cs;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.Image;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsStatus;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.api.Pose;

/**
 * execute's side of a RAPP call ([RAPP] §3.8.11): the command it becomes to e_core,body, e_core,ls, r_core,mic or
 * r_core,cam, sent at execute's i0, then, at each later step, whether the virtual side reported its completion (its
 * …Seq counter moved) or rejected it, or call_timeout passed. Some calls take several commands (rest, moveAlongPath,
 * getTransform); their progress is kept here. Loop-only: allocates nothing per step.
 */
final class CallRelay {
    private static final long STEPS_TO_REJECT = 3;
    /**
     * getTransform's pause between one angle read and the GET of the next, steps: e_core,body takes a command only in
     * idle, and its get returns there one step after passing the value, so a GET sent at once would be lost.
     */
    static final long GET_GAP = 3;
    /** getTransform sends a GET again when e_core,body has not answered it for this many steps (a GET it missed). */
    static final long GET_RESEND = 25;
    /** rest's speed to Crouch, a fraction of the maximum: our choice, NAOqi's rest() gives none. */
    static final double REST_SPEED = 0.5;
    /** rest's posture, the safe one to switch the stiffness off in (§3.8.17). */
    static final String REST_POSTURE = "Crouch";

    private final CsSettings settings;
    private final OutputBuffer<BodyCommand> bodyCommand;
    private final InputBuffer<BodyStatus> bodyStatus;
    private final OutputBuffer<LsCommand> lsCommand;
    private final InputBuffer<LsStatus> lsStatus;
    private final OutputBuffer<MicCommand> micCommand;
    private final InputBuffer<MicStatus> micStatus;
    private final OutputBuffer<CamCommand> camCommand;
    private final InputBuffer<CamStatus> camStatus;
    /** The loop's step as execute last passed it, and the step the last command was sent at. */
    private long steps;
    private long sentAt;
    /** When the call fails on the loop's side: call_timeout after it was relayed. */
    private long deadline;
    private long ls0;
    private long lsReason0;
    private long mic0;
    private long micReason0;
    private long body0;
    private long bodyReason0;
    /** getTransform: e_core,body's value count when the last angle was read, and the step its next GET is due. */
    private long value0;
    private long nextGet;
    private long cam0;
    private long camReason0;
    /** rest's and moveAlongPath's progress: the phase or segment under way. */
    private int phase;
    /**
     * The world frame's origin in the EKF's frame (x, y, θ): globalLocalization moves it, getRobotPosition and
     * moveAlongPath go through it.
     */
    private double originX;
    private double originY;
    private double originTheta;
    /** moveVel set a velocity that no moveStop has ended: the walk goes on after its call returned. */
    private boolean walking;

    CallRelay(CsSettings settings, OutputBuffer<BodyCommand> bodyCommand, InputBuffer<BodyStatus> bodyStatus,
            OutputBuffer<LsCommand> lsCommand, InputBuffer<LsStatus> lsStatus, OutputBuffer<MicCommand> micCommand,
            InputBuffer<MicStatus> micStatus, OutputBuffer<CamCommand> camCommand, InputBuffer<CamStatus> camStatus) {
        this.settings = settings;
        this.bodyCommand = bodyCommand;
        this.bodyStatus = bodyStatus;
        this.lsCommand = lsCommand;
        this.lsStatus = lsStatus;
        this.micCommand = micCommand;
        this.micStatus = micStatus;
        this.camCommand = camCommand;
        this.camStatus = camStatus;
    }

    /** execute's i0: the call's command to the virtual side, sent; the counters its completion and rejection are read against. */
    void start(Call c, long step) {
        steps = step;
        sentAt = step;
        deadline = System.nanoTime() + settings.callTimeout().toNanos();
        ls0 = lsStatus.get().replySeq;
        lsReason0 = lsStatus.get().reasonSeq;
        mic0 = c.fn == Call.Fn.WORD_SPOTTING ? micStatus.get().rwSeq : micStatus.get().recSeq;
        micReason0 = micStatus.get().reasonSeq;
        body0 = bodyStatus.get().attainedSeq;
        bodyReason0 = bodyStatus.get().reasonSeq;
        value0 = bodyStatus.get().valueSeq;
        nextGet = step;
        cam0 = camStatus.get().imageSeq;
        camReason0 = camStatus.get().reasonSeq;
        phase = 0;
        switch (c.fn) {
            case TEXT_TO_SPEECH -> {
                LsCommand l = lsCommand.message();
                l.cmd = LsCommand.Cmd.SAY;
                l.text = c.text;
                l.params.dl = c.language;
                lsCommand.send();
            }
            case PLAY_AUDIO -> {
                LsCommand l = lsCommand.message();
                l.cmd = LsCommand.Cmd.PLAY;
                l.fp = c.file;
                l.beginPosition = c.a;
                l.playLoop = c.flag;
                l.volume = c.b;
                lsCommand.send();
            }
            case WORD_SPOTTING -> {
                MicCommand m = micCommand.message();
                m.cmd = MicCommand.Cmd.RECOGNIZE;
                m.dct.clear();
                for (String w : c.words) {
                    m.dct.add(w);
                }
                m.threshold = c.a;
                micCommand.send();
            }
            case CAPTURE_AUDIO -> {
                MicCommand m = micCommand.message();
                m.cmd = MicCommand.Cmd.RECORD;
                m.fp = c.file;
                m.time = c.a;
                m.samplingPeriod = NaoCs.SAMPLING_PERIOD;
                micCommand.send();
            }
            case CAPTURE_AUDIO_SILENCE, VOICE_RECORD -> {
                NaoCs.register(micCommand.message(), c.file, c.fn == Call.Fn.VOICE_RECORD ? settings.energy() : c.a, c.b);
                micCommand.send();
            }
            case MOVE_TO -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.MOVE_TO;
                b.dpose.set(c.a, c.b, c.c);
                bodyCommand.send();
            }
            case MOVE_VEL -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.MOVE;
                b.velocity.set(c.a, c.b, c.c);
                bodyCommand.send();
                walking = true;
            }
            case MOVE_STOP -> stopBody();
            case TAKE_PREDEFINED_POSTURE -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.POSTURE;
                b.dpost.set(c.text, c.a);
                bodyCommand.send();
            }
            case MOVE_JOINT, LOOK_AT_POINT -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.INTERPOLATION;
                b.dja.clear();
                for (int k = 0; k < c.joints.length; k++) {
                    b.dja.add(c.joints[k], c.values[k]);
                }
                b.dja.fractionMaxSpeed = c.a;
                bodyCommand.send();
            }
            case REST -> {
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.POSTURE;
                b.dpost.set(REST_POSTURE, REST_SPEED);
                bodyCommand.send();
            }
            case MOVE_ALONG_PATH -> moveToSegment(c);
            case CAPTURE_IMAGE -> {
                CamCommand m = camCommand.message();
                m.cmd = CamCommand.Cmd.IMAGE;
                m.params.cid = (int) c.a;
                m.params.res = (int) c.b;
                m.params.cs = CamParams.kBGRColorSpace;
                m.params.fr = CamParams.maxCameraFPS;
                camCommand.send();
            }
            case SET_CAMERA_PARAMS -> {
                CamCommand m = camCommand.message();
                m.cmd = CamCommand.Cmd.SET_PARAMETERS;
                m.dataName = c.text;
                m.value = (int) c.b;
                m.params.cid = (int) c.a;
                camCommand.send();
            }
            case GET_ROBOT_POSITION, GLOBAL_LOCALIZATION -> {
                // The body effector reports its EKF pose every step: these are answered from it, no command.
            }
            // The angles are read one GET at a time (transformDone); Torso, which has none, is done at the next step.
            case GET_TRANSFORM -> transformDone(c);
        }
    }

    /**
     * Stops what a call left under way when it fails without the virtual side's end, on the operator's destroy or on
     * call_timeout: speech and sound (e_core,ls's STOP, NAOqi's stopAll), motion (e_core,body's STOP) and word
     * spotting (r_core,mic's ABORT, which ends recog). A destroyed agent's sentence would otherwise play on into what
     * the microphones hear next, its motion go on unwatched, and its dictionary answer the next thing said to the
     * robot. A recording and an image end on their own.
     */
    void stop(Call c) {
        switch (c.fn) {
            case TEXT_TO_SPEECH, PLAY_AUDIO -> {
                lsCommand.message().cmd = LsCommand.Cmd.STOP;
                lsCommand.send();
            }
            case MOVE_TO, TAKE_PREDEFINED_POSTURE, MOVE_JOINT, LOOK_AT_POINT, REST, MOVE_ALONG_PATH -> stopBody();
            case WORD_SPOTTING -> NaoCs.abortSpotting(micCommand);
            default -> {
                // Done at once, or ending on its own.
            }
        }
    }

    /**
     * destroyDA()'s part of the robot: a walk the agent started with moveVel and left going stops (e_core,body's
     * STOP), whether the agent returned, failed or was destroyed.
     */
    void stopWalking() {
        if (walking) {
            stopBody();
        }
    }

    /** e_core,body's STOP: it ends any motion, a walk at a velocity included. */
    private void stopBody() {
        bodyCommand.message().cmd = BodyCommand.Cmd.STOP;
        bodyCommand.send();
        walking = false;
    }

    /**
     * moveAlongPath's segment {@link #phase}: a MOVE_TO from where the robot is now (the EKF pose, through the world
     * frame's origin) to the path's next pose, in the robot frame, so each segment starts where the last one ended.
     */
    private void moveToSegment(Call c) {
        Pose p = bodyStatus.get().pose;
        double wx = worldX(p);
        double wy = worldY(p);
        double wt = originTheta + p.theta;
        double dx = c.xs[phase] - wx;
        double dy = c.ys[phase] - wy;
        BodyCommand b = bodyCommand.message();
        b.cmd = BodyCommand.Cmd.MOVE_TO;
        b.dpose.set(Math.cos(wt) * dx + Math.sin(wt) * dy, -Math.sin(wt) * dx + Math.cos(wt) * dy,
                Math.IEEEremainder(c.thetas[phase] - wt, 2 * Math.PI));
        bodyCommand.send();
        body0 = bodyStatus.get().attainedSeq;
    }

    /** Whether the virtual side reported the call's completion (its …Seq counter moved), at the loop's {@code step}. */
    boolean completed(Call c, long step) {
        steps = step;
        return switch (c.fn) {
            case TEXT_TO_SPEECH, PLAY_AUDIO -> lsStatus.get().replySeq != ls0;
            case WORD_SPOTTING -> {
                boolean done = micStatus.get().rwSeq != mic0;
                if (done) {
                    c.word = micStatus.get().rw;
                }
                yield done;
            }
            case CAPTURE_AUDIO, CAPTURE_AUDIO_SILENCE, VOICE_RECORD -> micStatus.get().recSeq != mic0;
            case MOVE_TO, TAKE_PREDEFINED_POSTURE, MOVE_JOINT, LOOK_AT_POINT -> bodyStatus.get().attainedSeq != body0;
            // moveVel and moveStop return at once: done once the effector had the steps to reject them and did not.
            case MOVE_VEL, MOVE_STOP -> steps - sentAt >= STEPS_TO_REJECT && bodyStatus.get().reasonSeq == bodyReason0;
            // setCameraParams is one step of the camera's (§3.7.4): done once it had the steps to reject it and did not.
            case SET_CAMERA_PARAMS -> steps - sentAt >= STEPS_TO_REJECT && camStatus.get().reasonSeq == camReason0;
            case REST -> restDone(c);
            case MOVE_ALONG_PATH -> pathDone(c);
            case GET_TRANSFORM -> transformDone(c);
            case CAPTURE_IMAGE -> camStatus.get().imageSeq != cam0 && copyImage(c);
            case GET_ROBOT_POSITION -> {
                Pose p = bodyStatus.get().pose;
                c.x = worldX(p);
                c.y = worldY(p);
                c.theta = Math.IEEEremainder(originTheta + p.theta, 2 * Math.PI);
                yield true;
            }
            case GLOBAL_LOCALIZATION -> {
                // The origin that makes origin ∘ EKF pose = the given pose.
                Pose p = bodyStatus.get().pose;
                originTheta = c.c - p.theta;
                double cos = Math.cos(originTheta);
                double sin = Math.sin(originTheta);
                originX = c.a - (cos * p.x - sin * p.y);
                originY = c.b - (sin * p.x + cos * p.y);
                yield true;
            }
        };
    }

    /** rest: Crouch attained → the stiffness of the Body chain to 0; done once the effector did not reject that. */
    private boolean restDone(Call c) {
        if (phase == 0) {
            if (bodyStatus.get().attainedSeq != body0) {
                if (!bodyStatus.get().attained) {
                    c.fail(REST_POSTURE + " was not attained; the stiffness stays on");
                    return true;
                }
                BodyCommand b = bodyCommand.message();
                b.cmd = BodyCommand.Cmd.STIFFNESS;
                b.stiffness.clear();
                b.stiffness.add("Body", 0.0);
                bodyCommand.send();
                phase = 1;
                sentAt = steps;
            }
            return false;
        }
        return steps - sentAt >= STEPS_TO_REJECT && bodyStatus.get().reasonSeq == bodyReason0;
    }

    /** moveAlongPath: each attained segment starts the next; done when the last is attained. */
    private boolean pathDone(Call c) {
        if (bodyStatus.get().attainedSeq == body0) {
            return false;
        }
        if (!bodyStatus.get().attained) {
            c.fail("segment " + phase + " of the path was not attained");
            return true;
        }
        if (++phase == c.xs.length) {
            return true;
        }
        moveToSegment(c);
        return false;
    }

    /**
     * getTransform: the measured angle of each joint of the frame in turn, read from e_core,body with a GET of its
     * ALMemory key ({@link #phase} is the joint being read); the frame's transform once all are in. A GET e_core,body
     * did not take (it was busy) is sent again after {@link #GET_RESEND} steps. Allocates nothing.
     */
    private boolean transformDone(Call c) {
        BodyStatus s = bodyStatus.get();
        if (phase < c.keys.length && s.valueSeq != value0) {
            value0 = s.valueSeq;
            // A late answer to an earlier GET names another key and is passed over.
            if (c.keys[phase].equals(s.value.dataName)) {
                if (s.value.kind != DataValue.Kind.NUMBER || !Double.isFinite(s.value.number)) {
                    c.fail("e_core,body read no angle for " + c.frame.joint(phase).naoqiName() + ": " + s.value);
                    return true;
                }
                c.values[phase++] = s.value.number;
                nextGet = steps + GET_GAP;
            }
        }
        if (phase == c.keys.length) {
            c.frame.transform(c.values, c.transform);
            return true;
        }
        if (steps - nextGet >= 0) {
            BodyCommand b = bodyCommand.message();
            b.cmd = BodyCommand.Cmd.GET;
            b.dataName = c.keys[phase];
            bodyCommand.send();
            nextGet = steps + GET_RESEND;
        }
        return false;
    }

    /** captureImage: the camera's image into the room the agent's thread made for it, in its ROS layout. */
    private boolean copyImage(Call c) {
        Image image = camStatus.get().image;
        if (image.length > c.pixels.length) {
            c.fail("the camera sent " + image.length + " bytes for a " + image.width + "×" + image.height
                    + " image; the resolution asked for holds " + c.pixels.length);
            return true;
        }
        System.arraycopy(image.data, 0, c.pixels, 0, image.length);
        c.width = image.width;
        c.height = image.height;
        c.layers = image.layers;
        c.encoding = image.encoding;
        c.length = image.length;
        return true;
    }

    /** The virtual side's rejection reason for the call, or null. */
    String rejection(Call c) {
        return switch (c.fn) {
            case TEXT_TO_SPEECH, PLAY_AUDIO -> lsStatus.get().reasonSeq != lsReason0 ? lsStatus.get().reason : null;
            case WORD_SPOTTING, CAPTURE_AUDIO, CAPTURE_AUDIO_SILENCE, VOICE_RECORD ->
                    micStatus.get().reasonSeq != micReason0 ? micStatus.get().reason : null;
            case CAPTURE_IMAGE, SET_CAMERA_PARAMS -> camStatus.get().reasonSeq != camReason0 ? camStatus.get().reason : null;
            default -> bodyStatus.get().reasonSeq != bodyReason0 ? bodyStatus.get().reason : null;
        };
    }

    /** The EKF pose's x in the world frame, through the origin globalLocalization set. */
    private double worldX(Pose p) {
        return originX + Math.cos(originTheta) * p.x - Math.sin(originTheta) * p.y;
    }

    /** The EKF pose's y in the world frame. */
    private double worldY(Pose p) {
        return originY + Math.sin(originTheta) * p.x + Math.cos(originTheta) * p.y;
    }

    /** call_timeout has passed since the call was relayed. */
    boolean timedOut() {
        return System.nanoTime() - deadline >= 0;
    }
}
