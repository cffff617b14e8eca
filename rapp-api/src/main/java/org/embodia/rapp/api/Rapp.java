package org.embodia.rapp.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The RAPP API functions of [RAPP] §3.8.17, each carried out by the core agent's execute behaviour of the same name
 * (§3.8.11). Every call blocks until the virtual effector or receptor reports completion and throws
 * {@link RappException} when it cannot be carried out. A call is made by one thread at a time; an agent's concurrent
 * calls are carried out one after another.
 */
@ProviderType
public interface Rapp {
    // e_core,ls

    /** textToSpeech: says {@code text} in {@code language} (e.g. "English"); returns once it has been spoken. */
    void textToSpeech(String text, String language);

    /** playAudio: plays a sound file from {@code beginPosition} s at volume [0, 1]; with {@code loop}, until stopped. */
    void playAudio(Path file, double beginPosition, boolean loop, double volume);

    // r_core,mic

    /** wordSpotting: the word of {@code dictionary} heard with probability at least {@code threshold}, or "" (Empty). */
    String wordSpotting(List<String> dictionary, double threshold);

    /** captureAudio: records {@code seconds} of sound; the recording. */
    Path captureAudio(double seconds);

    /** captureAudio with silence detection: records until the energy stays under {@code energy} for {@code silenceSeconds}. */
    Path captureAudio(double energy, double silenceSeconds);

    /** voiceRecord: records what the user says, until a silence of {@code silenceSeconds}, at the core agent's energy threshold. */
    Path voiceRecord(double silenceSeconds);

    // e_core,body

    /** moveTo: walks to (x, y, θ) relative to the robot (m, m, rad); returns once there. */
    void moveTo(double x, double y, double theta);

    /** moveVel: starts walking at (vx, vy, ω) (m/s, m/s, rad/s); returns at once. */
    void moveVel(double vx, double vy, double omega);

    /** moveStop: stops walking. */
    void moveStop();

    /** moveJoint: the joints (NAOqi names) to the angles (rad) at a fraction of their maximum speed; returns once there. */
    void moveJoint(Map<String, Double> angles, double fractionMaxSpeed);

    /** takePredefinedPosture: Stand, StandInit, StandZero, Crouch, Sit, SitRelax, LyingBelly or LyingBack at a fraction of the maximum speed. */
    void takePredefinedPosture(String posture, double speed);

    /** rest: to the safe posture (Crouch), then the joints' stiffness off. */
    void rest();

    /** moveAlongPath: walks through the poses in turn (world frame). */
    void moveAlongPath(List<RobotPose> path);

    /** globalLocalization (setGlobalPose): the robot is at {@code pose} in the world frame from now on. */
    void globalLocalization(RobotPose pose);

    /** lookAtPoint: turns the head to the point (x, y, z), m, in the robot's frame. */
    void lookAtPoint(double x, double y, double z);

    /** getRobotPosition (getRobotPose): the robot's pose in the world frame. */
    RobotPose getRobotPosition();

    /**
     * getTransform: the 4×4 homogeneous transform, row by row, m, of the named chain or joint (e.g. "Head") in the
     * torso frame (NAOqi's FRAME_TORSO), from the measured joint angles.
     */
    double[] getTransform(String chainName);

    // r_core,cam

    /** captureImage: an image from camera {@code cameraId} (0 top, 1 bottom) at NAOqi resolution {@code resolution}. */
    CapturedImage captureImage(int cameraId, int resolution);

    /** setCameraParams: camera parameter {@code parameterId} (NAOqi's id) of camera {@code cameraId} to {@code value}. */
    void setCameraParams(int cameraId, int parameterId, int value);

    // the agent's own

    /** Terminate: the agent is done; cs destroys it. Later calls throw {@link RappException}. */
    void terminate();
}
