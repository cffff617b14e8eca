package org.embodia.nao.cs;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.embodia.nao.model.NaoKinematics;

/**
 * One RAPP API call on its way from an agent's thread to execute and back: the agent's thread fills the arguments,
 * execute fills the result. The state changes by compare-and-set, so the side that gives up (the agent on its
 * timeout, the loop on its own) and the side that completes never both win.
 */
final class Call {
    enum Fn {
        TEXT_TO_SPEECH, PLAY_AUDIO, WORD_SPOTTING, CAPTURE_AUDIO, CAPTURE_AUDIO_SILENCE, VOICE_RECORD, MOVE_TO,
        MOVE_VEL, MOVE_STOP, TAKE_PREDEFINED_POSTURE, GET_ROBOT_POSITION, MOVE_JOINT, REST, CAPTURE_IMAGE,
        SET_CAMERA_PARAMS, LOOK_AT_POINT, MOVE_ALONG_PATH, GLOBAL_LOCALIZATION, GET_TRANSFORM
    }

    static final int PENDING = 0;
    static final int TAKEN = 1;
    static final int DONE = 2;
    static final int FAILED = 3;
    static final int ABANDONED = 4;

    final Fn fn;
    final Thread caller = Thread.currentThread();
    final AtomicInteger state = new AtomicInteger(PENDING);
    String text;
    String language;
    String file;
    List<String> words;
    double a;
    double b;
    double c;
    double d;
    boolean flag;
    /** moveJoint and lookAtPoint: joint names and angles (rad); getTransform: the angles read (rad). */
    String[] joints;
    double[] values;
    /**
     * getTransform: the frame, the ALMemory keys of its joints' measured angles (in the frame's order), and room for
     * the transform (16 numbers, row by row), all made by the agent's thread so that the loop only fills them.
     */
    NaoKinematics.Frame frame;
    String[] keys;
    double[] transform;
    /** moveAlongPath: the poses, world frame (m, m, rad). */
    double[] xs;
    double[] ys;
    double[] thetas;
    /** captureImage: room for the image, made by the agent's thread so that the loop only copies into it. */
    byte[] pixels;
    volatile int width;
    volatile int height;
    volatile int layers;
    volatile int length;
    volatile String encoding;
    /** Results: the word heard; the pose (x, y, θ). */
    volatile String word;
    volatile double x;
    volatile double y;
    volatile double theta;
    /** Why it failed: the virtual side's reason, or the loop's timeout. */
    volatile String failure;

    Call(Fn fn) {
        this.fn = fn;
    }

    /** Loop side: the call is carried out now, unless its agent gave up first. */
    boolean take() {
        return state.compareAndSet(PENDING, TAKEN);
    }

    /** Loop side: completes it; unpark takes no lock and allocates nothing. */
    void complete() {
        if (state.compareAndSet(TAKEN, DONE)) {
            LockSupport.unpark(caller);
        }
    }

    void fail(String reason) {
        failure = reason;
        if (state.compareAndSet(TAKEN, FAILED)) {
            LockSupport.unpark(caller);
        }
    }
}
