package org.embodia.nao.cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.model.DeviceKeys;
import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.model.NaoKinematics;
import org.embodia.rapp.api.CapturedImage;
import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.api.Rapp;
import org.embodia.rapp.api.RappException;
import org.embodia.rapp.api.RobotPose;
import org.embodia.rapp.store.api.StoreServers;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RAPP calls of §3.8.11 through the buffers: what cs sends the virtual effector or receptor, that the call
 * returns only once it reports completion, what it returns, and a rejection reason becoming a RappException.
 */
class RappCallsTest {
    /** What the agent's calls returned or threw, in order. */
    private final BlockingQueue<Object> results = new LinkedBlockingQueue<>();
    @TempDir
    Path dir;
    private StoreServers.Running store;
    private Rig rig;

    @BeforeEach
    void listening() throws Exception {
        Path apps = Files.createDirectories(dir.resolve("store"));
        Rig.app(apps, "greeter", "hello");
        store = StoreServers.start(apps, 0);
        rig = new Rig(store.uri(), dir.resolve("cs"), 5).listening();
    }

    @AfterEach
    void close() throws Exception {
        rig.close();
        store.close();
    }

    interface RappCall {
        Object call(Rapp rapp);
    }

    /** Runs an agent making {@code calls} in turn, each result or RappException into {@link #results}. */
    private void run(RappCall... calls) throws InterruptedException {
        DynamicAgent agent = rapp -> {
            for (RappCall c : calls) {
                try {
                    Object r = c.call(rapp);
                    results.add(r == null ? "done" : r);
                } catch (RappException e) {
                    results.add(e);
                }
            }
            rapp.terminate();
        };
        rig.agents.put("greeter", agent);
        rig.hear("hello");
        rig.stepUntil("wait_cmd");
    }

    /** Steps until the next call has been relayed: execute was selected and ran its i0. */
    private void relayed() throws InterruptedException {
        rig.stepUntil("execute");
    }

    /** Steps {@code n} times and checks the call has not returned. */
    private void stillWaiting(int n) throws InterruptedException {
        for (int i = 0; i < n; i++) {
            rig.step();
        }
        assertEquals("execute", rig.fsm.currentState());
        assertNull(results.poll(20, TimeUnit.MILLISECONDS), "the call returned before completion was reported");
    }

    /** Steps until the call returned; its result. */
    private Object result() throws InterruptedException {
        rig.stepUntil("wait_cmd");
        Object r = results.poll(Rig.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertTrue(r != null, "the call did not return");
        return r;
    }

    @Test
    void textToSpeechPassesItsLanguage() throws Exception {
        run(r -> { r.textToSpeech("Hola", "Spanish"); return null; });
        relayed();
        LsCommand c = rig.lsCommand.get();
        assertEquals(LsCommand.Cmd.SAY, c.cmd);
        assertEquals("Hola", c.text);
        assertEquals("Spanish", c.params.dl);
        stillWaiting(5);
        rig.replyLs();
        assertEquals("done", result());
    }

    @Test
    void moveJointInterpolatesAndReturnsOnAttained() throws Exception {
        Map<String, Double> angles = new LinkedHashMap<>();
        angles.put("HeadYaw", 0.5);
        angles.put("LElbowRoll", -1.0);
        run(r -> { r.moveJoint(angles, 0.3); return null; },
                r -> { r.moveJoint(Map.of("HeadYaw", 0.1), 0.3); return null; });
        relayed();
        BodyCommand c = rig.bodyCommand.get();
        assertEquals(BodyCommand.Cmd.INTERPOLATION, c.cmd);
        assertEquals(2, c.dja.count);
        assertEquals("HeadYaw", c.dja.joints[0]);
        assertEquals(0.5, c.dja.values[0]);
        assertEquals("LElbowRoll", c.dja.joints[1]);
        assertEquals(-1.0, c.dja.values[1]);
        assertEquals(0.3, c.dja.fractionMaxSpeed);
        stillWaiting(5);
        rig.attain(true);
        assertEquals("done", result());
        relayed();
        rig.rejectBody("INTERPOLATION rejected: HeadYaw is stiff-less");
        RappException e = assertInstanceOf(RappException.class, result());
        assertEquals("MOVE_JOINT failed: INTERPOLATION rejected: HeadYaw is stiff-less", e.getMessage());
    }

    @Test
    void restCrouchesThenSwitchesTheStiffnessOff() throws Exception {
        run(r -> { r.rest(); return null; });
        relayed();
        assertEquals(BodyCommand.Cmd.POSTURE, rig.bodyCommand.get().cmd);
        assertEquals("Crouch", rig.bodyCommand.get().dpost.posture);
        stillWaiting(5);
        rig.attain(true);
        rig.step();
        assertTrue(rig.bodyCommand.isNew(), "the step that sees Crouch attained sends the stiffness");
        BodyCommand c = rig.bodyCommand.get();
        assertEquals(BodyCommand.Cmd.STIFFNESS, c.cmd);
        assertEquals(1, c.stiffness.count);
        assertEquals("Body", c.stiffness.joints[0]);
        assertEquals(0.0, c.stiffness.values[0]);
        assertEquals("done", result());
    }

    @Test
    void restFailsWhenCrouchIsNotAttained() throws Exception {
        run(r -> { r.rest(); return null; });
        relayed();
        rig.attain(false);
        RappException e = assertInstanceOf(RappException.class, result());
        assertEquals("REST failed: Crouch was not attained; the stiffness stays on", e.getMessage());
        assertEquals(BodyCommand.Cmd.POSTURE, rig.bodyCommand.get().cmd, "no stiffness command followed");
    }

    @Test
    void captureImageReturnsTheCamerasImageInRosLayout() throws Exception {
        run(r -> r.captureImage(1, 0), r -> r.captureImage(0, 1));
        relayed();
        CamCommand c = rig.camCommand.get();
        assertEquals(CamCommand.Cmd.IMAGE, c.cmd);
        assertEquals(1, c.params.cid);
        assertEquals(0, c.params.res);
        assertEquals(CamParams.kBGRColorSpace, c.params.cs);
        assertEquals(CamParams.maxCameraFPS, c.params.fr);
        stillWaiting(5);
        byte[] pixels = new byte[160 * 120 * 3];
        for (int i = 0; i < pixels.length; i++) {
            pixels[i] = (byte) (i * 7);
        }
        rig.image(160, 120, pixels);
        CapturedImage image = assertInstanceOf(CapturedImage.class, result());
        assertEquals(160, image.width());
        assertEquals(120, image.height());
        assertEquals("bgr8", image.encoding());
        assertEquals(480, image.step());
        assertArrayEquals(pixels, image.data());
        relayed();
        rig.rejectCam("IMAGE rejected: the camera is busy");
        assertEquals("CAPTURE_IMAGE failed: IMAGE rejected: the camera is busy",
                assertInstanceOf(RappException.class, result()).getMessage());
    }

    @Test
    void setCameraParamsSendsTheNaoqiIdAndFailsOnARejection() throws Exception {
        run(r -> { r.setCameraParams(0, 11, 0); return null; }, r -> { r.setCameraParams(1, 0, 200); return null; });
        relayed();
        CamCommand c = rig.camCommand.get();
        assertEquals(CamCommand.Cmd.SET_PARAMETERS, c.cmd);
        assertEquals("11", c.dataName);
        assertEquals(0, c.value);
        assertEquals(0, c.params.cid);
        assertEquals("done", result());
        relayed();
        assertEquals("0", rig.camCommand.get().dataName);
        assertEquals(1, rig.camCommand.get().params.cid);
        rig.rejectCam("SET_PARAMETERS rejected: camera 1 is off");
        assertEquals("SET_CAMERA_PARAMS failed: SET_PARAMETERS rejected: camera 1 is off",
                assertInstanceOf(RappException.class, result()).getMessage());
    }

    @Test
    void lookAtPointTurnsTheHeadTowardsThePoint() throws Exception {
        double h = AgentRapp.HEAD_PIVOT_HEIGHT;
        run(r -> { r.lookAtPoint(1, 1, h - Math.sqrt(2) * Math.tan(0.3)); return null; });
        relayed();
        BodyCommand c = rig.bodyCommand.get();
        assertEquals(BodyCommand.Cmd.INTERPOLATION, c.cmd);
        assertEquals(2, c.dja.count);
        assertEquals("HeadYaw", c.dja.joints[0]);
        assertEquals(Math.PI / 4, c.dja.values[0], 1e-12);
        assertEquals("HeadPitch", c.dja.joints[1]);
        assertEquals(0.3, c.dja.values[1], 1e-12, "HeadPitch is positive downwards");
        stillWaiting(3);
        rig.attain(true);
        assertEquals("done", result());
    }

    @Test
    void globalLocalizationSetsTheWorldFrameAndMoveAlongPathWalksItSegmentBySegment() throws Exception {
        rig.pose(1, 0, Math.PI / 2);
        run(r -> { r.globalLocalization(RobotPose.planar(5, 5, 0)); return null; },
                Rapp::getRobotPosition,
                r -> { r.moveAlongPath(List.of(RobotPose.planar(6, 5, 0), RobotPose.planar(6, 7, Math.PI / 2))); return null; },
                Rapp::getRobotPosition);
        relayed();
        assertEquals("done", result());
        relayed();
        RobotPose p = assertInstanceOf(RobotPose.class, result());
        assertEquals(5, p.x(), 1e-9);
        assertEquals(5, p.y(), 1e-9);
        assertEquals(0, p.theta(), 1e-9);

        relayed();
        BodyCommand c = rig.bodyCommand.get();
        assertEquals(BodyCommand.Cmd.MOVE_TO, c.cmd);
        assertEquals(1, c.dpose.x, 1e-9);
        assertEquals(0, c.dpose.y, 1e-9);
        assertEquals(0, c.dpose.theta, 1e-9);
        // The walk ended 0.1 m short, in the EKF's frame (rotated by π/2 from the world's): (1, 0.9, π/2).
        rig.pose(1, 0.9, Math.PI / 2);
        rig.attain(true);
        rig.step();
        assertTrue(rig.bodyCommand.isNew(), "the step that sees a segment attained sends the next");
        c = rig.bodyCommand.get();
        assertEquals(BodyCommand.Cmd.MOVE_TO, c.cmd);
        // World (5.9, 5, 0) to (6, 7, π/2): 0.1 ahead, 2 to the left, a quarter turn.
        assertEquals(0.1, c.dpose.x, 1e-9);
        assertEquals(2, c.dpose.y, 1e-9);
        assertEquals(Math.PI / 2, c.dpose.theta, 1e-9);
        stillWaiting(3);
        rig.pose(-1, 1, Math.PI);
        rig.attain(true);
        assertEquals("done", result());
        relayed();
        p = assertInstanceOf(RobotPose.class, result());
        assertEquals(6, p.x(), 1e-9);
        assertEquals(7, p.y(), 1e-9);
        assertEquals(Math.PI / 2, p.theta(), 1e-9);
    }

    @Test
    void moveAlongPathFailsOnASegmentNotAttained() throws Exception {
        run(r -> { r.moveAlongPath(List.of(RobotPose.planar(1, 0, 0), RobotPose.planar(2, 0, 0))); return null; });
        relayed();
        rig.attain(false);
        assertEquals("MOVE_ALONG_PATH failed: segment 0 of the path was not attained",
                assertInstanceOf(RappException.class, result()).getMessage());
    }

    @Test
    void theOperatorSeesEachCallAndHowItEnded() throws Exception {
        run(r -> { r.moveJoint(Map.of("HeadYaw", 0.1), 0.3); return null; },
                r -> { r.moveAlongPath(List.of(RobotPose.planar(1, 0, 0))); return null; });
        relayed();
        rig.attain(true);
        assertEquals("done", result());
        relayed();
        rig.attain(false);
        assertInstanceOf(RappException.class, result());
        List<org.embodia.nao.cs.api.RappCall> calls = rig.cs.calls();
        assertEquals(List.of("greeter MOVE_JOINT ok", "greeter MOVE_ALONG_PATH MOVE_ALONG_PATH failed: segment 0 of the path was not attained"),
                calls.stream().map(c -> c.app() + " " + c.call() + " " + c.outcome()).toList());
    }

    @Test
    void badArgumentsAreClearErrorsAndNothingIsSent() {
        AgentRapp rapp = new AgentRapp("x", new AtomicReference<>(), Duration.ofSeconds(1), dir, new CallLog());
        assertTrue(message(() -> rapp.moveJoint(Map.of("Nose", 0.1), 0.5))
                .startsWith("moveJoint: unknown NAO joint \"Nose\"; NAOqi's joint names are "));
        assertEquals("moveJoint: HeadPitch is NaN; it must be a finite number",
                message(() -> rapp.moveJoint(Map.of("HeadPitch", Double.NaN), 0.5)));
        assertEquals("moveJoint: HeadPitch to 1.0 is outside its range [-0.672, 0.5149]",
                message(() -> rapp.moveJoint(Map.of("HeadPitch", 1.0), 0.5)));
        assertEquals("moveJoint: fractionMaxSpeed is 0.0; it must be in (0, 1]",
                message(() -> rapp.moveJoint(Map.of("HeadPitch", 0.1), 0)));
        assertTrue(message(() -> rapp.captureImage(2, 1)).startsWith("captureImage: camera index 2 is neither"));
        assertTrue(message(() -> rapp.captureImage(0, 9)).startsWith("captureImage: resolution id 9 is not one of"));
        assertTrue(message(() -> rapp.setCameraParams(0, 5, 1)).startsWith("setCameraParams: camera parameter id 5"));
        assertEquals("setCameraParams: value 300 of kCameraBrightnessID is outside [0, 255]",
                message(() -> rapp.setCameraParams(0, 0, 300)));
        assertTrue(message(() -> rapp.lookAtPoint(0, 0, 0)).startsWith("lookAtPoint: (0.0, 0.0, 0.0) needs HeadPitch"));
        assertEquals("z is Infinity; it must be a finite number", message(() -> rapp.lookAtPoint(1, 0, Double.POSITIVE_INFINITY)));
        assertEquals("moveAlongPath: the path is empty", message(() -> rapp.moveAlongPath(List.of())));
        assertEquals("path[0].x is NaN; it must be a finite number",
                message(() -> rapp.moveAlongPath(List.of(RobotPose.planar(Double.NaN, 0, 0)))));
        assertEquals("globalLocalization: pose is missing", message(() -> rapp.globalLocalization(null)));
        assertEquals("textToSpeech: language is empty; give ALTextToSpeech's name of it, e.g. English",
                message(() -> rapp.textToSpeech("a", "")));
        assertTrue(message(() -> rapp.getTransform("Nose")).startsWith("getTransform: unknown NAO chain, camera or joint"
                + " \"Nose\"; the known ones are Torso, Head, CameraTop, CameraBottom, LArm, RArm, LLeg, RLeg, HeadYaw,"));
        assertTrue(message(() -> rapp.getTransform(null)).startsWith("getTransform: unknown NAO chain, camera or joint null"));
    }

    private static String key(String joint) {
        return DeviceKeys.jointPosition(NaoJoint.byName(joint));
    }

    /** Steps until cs sends e_core,body a GET; its key. */
    private String nextGet() {
        for (int i = 0; i < 200; i++) {
            rig.step();
            if (rig.bodyCommand.isNew() && rig.bodyCommand.get().cmd == BodyCommand.Cmd.GET) {
                return rig.bodyCommand.get().dataName;
            }
        }
        throw new AssertionError("cs sent no GET in 200 steps; in " + rig.fsm.currentState());
    }

    @Test
    void getTransformReadsTheChainsJointsFromTheBodyAndReturnsTheTransformInTheTorsoFrame() throws Exception {
        run(r -> r.getTransform("Head"), r -> r.getTransform("Torso"));
        relayed();
        BodyCommand c = rig.bodyCommand.get();
        assertEquals(BodyCommand.Cmd.GET, c.cmd);
        assertEquals("Device/SubDeviceList/HeadYaw/Position/Sensor/Value", c.dataName);
        stillWaiting(3);
        rig.value(key("HeadYaw"), 0.5);
        assertEquals("Device/SubDeviceList/HeadPitch/Position/Sensor/Value", nextGet());
        stillWaiting(1);
        rig.value(key("HeadPitch"), 0.0);
        double[] t = assertInstanceOf(double[].class, result());
        double cos = Math.cos(0.5);
        double sin = Math.sin(0.5);
        assertArrayEquals(new double[] {cos, -sin, 0, 0, sin, cos, 0, 0, 0, 0, 1, 0.1265, 0, 0, 0, 1}, t, 1e-12,
                "HeadYaw 0.5 turns the head 0.5 rad about z, at the neck joint 126.5 mm above the torso");

        relayed();
        assertFalse(rig.bodyCommand.isNew(), "Torso depends on no joint: nothing is read");
        assertArrayEquals(new double[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1},
                assertInstanceOf(double[].class, result()));
    }

    @Test
    void getTransformSendsAMissedGetAgainAndPassesOverAnswersToOtherKeys() throws Exception {
        run(r -> r.getTransform("LArm"));
        relayed();
        assertEquals(key("LShoulderPitch"), rig.bodyCommand.get().dataName);
        // e_core,body was busy and never answered: the same GET goes out again, GET_RESEND steps later.
        int steps = 0;
        String again;
        do {
            steps++;
            rig.step();
            again = rig.bodyCommand.isNew() ? rig.bodyCommand.get().dataName : null;
        } while (again == null && steps < 100);
        assertEquals(key("LShoulderPitch"), again);
        assertEquals(CallRelay.GET_RESEND, steps);

        rig.value(key("HeadYaw"), 1.0);
        rig.step();
        rig.value(key("LShoulderPitch"), 0.4);
        double[] angles = {0.4, 0.3, -1.0, -0.8, 0.6};
        List<NaoJoint> joints = NaoKinematics.frame("LArm").joints();
        for (int k = 1; k < angles.length; k++) {
            assertEquals(DeviceKeys.jointPosition(joints.get(k)), nextGet());
            rig.value(DeviceKeys.jointPosition(joints.get(k)), angles[k]);
        }
        assertArrayEquals(NaoKinematics.frame("LArm").transform(angles), assertInstanceOf(double[].class, result()), 1e-15);
    }

    @Test
    void unknownNamesAreRefusedAndAnAngleTheBodyCannotReadFailsTheCallAndCsGoesOn() throws Exception {
        run(r -> r.getTransform("Nose"), r -> r.getTransform("RLeg"), r -> r.getTransform("Head"),
                r -> r.getTransform("CameraTop"), r -> r.getTransform("Torso"));
        RappException refused = assertInstanceOf(RappException.class, results.poll(Rig.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertTrue(refused.getMessage().startsWith("getTransform: unknown NAO chain, camera or joint \"Nose\"; the known"
                + " ones are Torso, Head, CameraTop, CameraBottom, LArm, RArm, LLeg, RLeg, HeadYaw, HeadPitch,"), refused.getMessage());

        relayed();
        assertEquals(key("RHipYawPitch"), rig.bodyCommand.get().dataName);
        rig.noValue(key("RHipYawPitch"));
        assertEquals("GET_TRANSFORM failed: e_core,body read no angle for RHipYawPitch: "
                + "Device/SubDeviceList/RHipYawPitch/Position/Sensor/Value=none",
                assertInstanceOf(RappException.class, result()).getMessage());

        relayed();
        rig.value(key("HeadYaw"), Double.NaN);
        assertEquals("GET_TRANSFORM failed: e_core,body read no angle for HeadYaw: "
                + "Device/SubDeviceList/HeadYaw/Position/Sensor/Value=NaN",
                assertInstanceOf(RappException.class, result()).getMessage());

        relayed();
        rig.rejectBody("GET rejected: data_name is empty");
        assertEquals("GET_TRANSFORM failed: GET rejected: data_name is empty",
                assertInstanceOf(RappException.class, result()).getMessage());

        relayed();
        assertEquals(16, assertInstanceOf(double[].class, result()).length, "cs went on: Torso was answered");
        assertTrue(rig.failures.isEmpty(), rig.failures.toString());
    }

    @Test
    void getTransformAllocatesNothingOnTheLoop() throws Exception {
        AtomicInteger done = new AtomicInteger();
        rig.agents.put("greeter", rapp -> {
            while (true) {
                rapp.getTransform("LLeg");
                done.incrementAndGet();
            }
        });
        rig.hear("hello");
        rig.stepUntil("wait_cmd");
        // The body side answers every GET at once; the agent asks again as soon as a transform comes back.
        Runnable step = () -> {
            rig.step();
            if (rig.bodyCommand.isNew() && rig.bodyCommand.get().cmd == BodyCommand.Cmd.GET) {
                rig.value(rig.bodyCommand.get().dataName, 0.1);
            }
        };
        // Counted across the measurement: the agent's thread keeps its own pace, so a fixed number of steps afterwards
        // could pass while it is descheduled.
        int before = done.get();
        long bytes = Allocations.warmUpThenLeastOfTenRounds(50_000, 20_000, step);
        assertTrue(done.get() > before, "transforms were computed while measured: " + (done.get() - before));
        assertEquals(0, bytes, "bytes allocated by 20,000 warm steps of getTransform calls");
        assertTrue(rig.failures.isEmpty(), rig.failures.toString());
    }

    private static String message(org.junit.jupiter.api.function.Executable call) {
        return assertThrows(RappException.class, call).getMessage();
    }
}
