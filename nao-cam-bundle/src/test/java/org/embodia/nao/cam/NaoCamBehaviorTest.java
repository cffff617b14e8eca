package org.embodia.nao.cam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.api.CamReceptorCommand.Cmd;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.Image;
import org.embodia.nao.model.ColorSpace;
import org.embodia.nao.model.Resolution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each behaviour's transition functions against [RAPP] §3.7.2-3.7.5, over real buffers and the
 * real FSM: what reaches the real receptor at i0 and later, when tm switches and that the state ends
 * at the next check, what reaches cs and when.
 */
class NaoCamBehaviorTest {

    /** Steps {@code n} times in {@code state} without a command: nothing reaches the real receptor or cs, tm stays FALSE. */
    private static void runsQuietly(Rig rig, String state, int n) {
        for (int k = 0; k < n; k++) {
            assertEquals(state, rig.step(), "step " + k);
            assertFalse(rig.reCommand.isNew(), state + " sends nothing to the real receptor (the dash)");
            assertFalse(rig.csStatus.isNew(), state + " sends nothing to cs until it has something to say");
            assertFalse(rig.cam.memory().tm, "tm stays FALSE");
        }
    }

    /** The step after tm switched: its check ends the state, which does not run again; idle runs and sends nothing. */
    private static void endsOneStepLater(Rig rig, String state) {
        assertTrue(rig.cam.memory().tm, "tm switched");
        assertEquals(state, rig.fsm.currentState(), "τ reads tm^i: the state has not ended in the step tm switched");
        assertEquals("idle", rig.step());
        assertTrue(rig.fsm.lastEnded(), state + " ends at the check of the step after tm switched");
        assertEquals(state, rig.fsm.lastState());
        assertFalse(rig.reCommand.isNew(), "nothing to the real receptor in the step the state ends");
        assertFalse(rig.csStatus.isNew(), "nothing more to cs in that step");
        assertFalse(rig.cam.memory().tm, "tm is cleared for the next behaviour");
        assertNull(rig.cam.memory().nameId, "the subscriber is gone");
    }

    /** Starts image for {@code res} and {@code cid}: idle, then the command, whose step is image's i0 with its SUBSCRIBE. */
    private static Rig subscribed(Resolution res, int cid) throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("idle", rig.step());
        assertFalse(rig.reCommand.hasData(), "idle sends nothing to the real receptor");
        assertFalse(rig.csStatus.hasData(), "idle sends nothing to cs (cy r^(i+1) = -)");
        assertEquals("image", rig.step(Rig.image(res, cid)), "IMAGE ends idle at the check of the step it arrives in");
        assertEquals("idle", rig.fsm.lastState());
        assertTrue(rig.reCommand.isNew(), "image's i0 runs in that step and sends SUBSCRIBE");
        return rig;
    }

    /** Asserts that {@code image} is {@code res}'s {@link Rig#bgrImage} in ROS's bgr8 layout, byte for byte. */
    static void assertBgr8(Resolution res, Image image) {
        assertEquals(res.width(), image.width);
        assertEquals(res.height(), image.height);
        assertEquals("bgr8", image.encoding);
        assertEquals(3, image.layers);
        assertEquals(CamParams.kBGRColorSpace, image.colorSpace);
        int step = 3 * res.width();
        assertEquals(step, Img.step(image.width), "step: three bytes per pixel, rows packed");
        assertEquals(res.height() * step, image.length, "height × step bytes");
        assertEquals(1_700_000_000_123_456_789L, image.timestampNanos, "the camera's timestamp");
        for (int y = 0; y < res.height(); y++) {
            for (int x = 0; x < res.width(); x++) {
                for (int channel = 0; channel < 3; channel++) {
                    int at = y * step + 3 * x + channel;
                    if (image.data[at] != Rig.pixelByte(x, y, channel)) {
                        assertEquals(Rig.pixelByte(x, y, channel), image.data[at], "byte " + channel + " (B, G, R) of pixel (" + x + ", " + y + ")");
                    }
                }
            }
        }
    }

    @Test
    void imageSubscribesThenGetsTheImageForTheNameIdThenUnsubscribesAndPassesItAsBgr8() throws FsmLoadException {
        Rig rig = subscribed(Resolution.K_QVGA, 1);
        CamReceptorCommand r = rig.reCommand.get();
        assertEquals(Cmd.SUBSCRIBE, r.cmd);
        assertEquals(Resolution.K_QVGA.id(), r.params.res, "params[res] = arg[params[res]]");
        assertEquals(1, r.params.cid, "params[cid] = arg[params[cid]]");
        assertEquals(13, r.params.cs, "params[cs] = kBGRColorSpace");
        assertEquals(30, r.params.fr, "params[fr] = maxCameraFPS");
        assertFalse(rig.csStatus.isNew());
        assertFalse(rig.cam.memory().tm, "tm^(i0+1) = FALSE");

        runsQuietly(rig, "image", 3); // ALVideoDevice has not answered yet
        rig.reportNameId("rapp_cam_0");
        assertEquals("image", rig.step());
        assertTrue(rig.reCommand.isNew(), "new(name_id) sends GET_IMAGE");
        assertEquals(Cmd.GET_IMAGE, rig.reCommand.get().cmd);
        assertEquals("rapp_cam_0", rig.reCommand.get().nameId, "for the subscriber just returned");
        assertEquals("rapp_cam_0", rig.cam.memory().nameId, "name_id is memorized");
        assertFalse(rig.csStatus.isNew());
        assertFalse(rig.cam.memory().tm);

        runsQuietly(rig, "image", 2);
        rig.reportImage(Rig.bgrImage(Resolution.K_QVGA));
        assertEquals("image", rig.step());
        assertTrue(rig.reCommand.isNew(), "new(image) sends UNSUBSCRIBE");
        assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd);
        assertEquals("rapp_cam_0", rig.reCommand.get().nameId);
        assertTrue(rig.csStatus.isNew(), "the image reaches cs in the step it arrived");
        CamStatus s = rig.csStatus.get();
        assertEquals(1, s.imageSeq);
        assertNull(s.reason);
        assertBgr8(Resolution.K_QVGA, s.image);

        rig.reportImage(Rig.bgrImage(Resolution.K_QVGA));
        rig.reportNameId("late");
        endsOneStepLater(rig, "image");
        assertEquals(1, rig.csStatus.get().imageSeq, "the image is passed once");
    }

    @ParameterizedTest(name = "{0}, camera {1}")
    @CsvSource({"K_QQQQVGA, 0", "K_QQQVGA, 1", "K_QQVGA, 0", "K_QVGA, 1", "K_VGA, 0", "K_VGA, 1"})
    void imageReachesCsAtTheRequestedResolution(Resolution res, int cid) throws FsmLoadException {
        Rig rig = subscribed(res, cid);
        assertEquals(res.id(), rig.reCommand.get().params.res);
        assertEquals(cid, rig.reCommand.get().params.cid);
        rig.reportNameId("top");
        rig.step();
        rig.reportImage(Rig.bgrImage(res));
        assertEquals("image", rig.step());
        assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd);
        assertBgr8(res, rig.csStatus.get().image);
        endsOneStepLater(rig, "image");
    }

    @Test
    void anImageInAnotherColourSpaceIsNotPassedAsBgr8ButReportedAndUnsubscribed() throws FsmLoadException {
        Rig rig = subscribed(Resolution.K_QQVGA, 0);
        rig.reportNameId("cam");
        rig.step();
        rig.reportImage(Rig.alImage(Resolution.K_QQVGA, ColorSpace.K_RGB.id(), 5));
        assertEquals("image", rig.step());
        assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd, "the subscriber goes all the same");
        assertTrue(rig.csStatus.isNew(), "cs hears why no image comes");
        CamStatus s = rig.csStatus.get();
        assertEquals(0, s.imageSeq, "no image reaches cs");
        assertEquals(1, s.reasonSeq);
        assertEquals("IMAGE failed: the real receptor delivered an image in kRGBColorSpace (11), not in kBGRColorSpace (13) as subscribed;"
                + " it is not passed to cs as bgr8", s.reason);
        endsOneStepLater(rig, "image");
    }

    @Test
    void anImageOfAnotherSizeThanSubscribedIsReported() throws FsmLoadException {
        Rig rig = subscribed(Resolution.K_QVGA, 0);
        rig.reportNameId("cam");
        rig.step();
        rig.reportImage(Rig.bgrImage(Resolution.K_VGA));
        rig.step();
        assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd);
        assertEquals("IMAGE failed: the real receptor delivered a 640x480 image for a subscription at kQVGA (1) 320x240", rig.csStatus.get().reason);
        assertEquals(0, rig.csStatus.get().imageSeq);
        endsOneStepLater(rig, "image");
    }

    @Test
    void aSubscribeAnsweredWithoutNameIdEndsImageWithTheReasonAndNothingMoreToTheRealReceptor() throws FsmLoadException {
        Rig rig = subscribed(Resolution.K_QVGA, 1);
        rig.reportNameId("");
        assertEquals("image", rig.step());
        assertFalse(rig.reCommand.isNew(), "no GET_IMAGE for no subscriber, and no UNSUBSCRIBE either");
        assertTrue(rig.csStatus.isNew());
        assertEquals("IMAGE failed: the real receptor answered SUBSCRIBE without a name_id (camera 1, resolution 1); no image was taken",
                rig.csStatus.get().reason);
        endsOneStepLater(rig, "image");
    }

    @Test
    void reportsAtI0AndAnImageBeforeGetImageAnswerNothingOfThisBehaviour() throws FsmLoadException {
        Rig rig = new Rig();
        rig.reportNameId("earlier"); // received in the step the command arrives in: i0
        rig.reportImage(Rig.bgrImage(Resolution.K_QQVGA));
        assertEquals("image", rig.step(Rig.image(Resolution.K_QQVGA, 0)), "i0");
        assertEquals(Cmd.SUBSCRIBE, rig.reCommand.get().cmd);
        assertNull(rig.cam.memory().nameId, "a name_id at i0 predates the SUBSCRIBE");
        assertFalse(rig.csStatus.isNew());

        rig.reportImage(Rig.bgrImage(Resolution.K_QQVGA));
        runsQuietly(rig, "image", 1); // an image no GET_IMAGE asked for

        rig.reportNameId("now");
        assertEquals("image", rig.step());
        assertEquals(Cmd.GET_IMAGE, rig.reCommand.get().cmd);
        assertEquals("now", rig.reCommand.get().nameId);
        rig.reportImage(Rig.bgrImage(Resolution.K_QQVGA));
        rig.step();
        assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd);
        assertEquals("now", rig.reCommand.get().nameId);
        assertEquals(1, rig.csStatus.get().imageSeq);
        endsOneStepLater(rig, "image");
    }

    @Test
    void aSecondImageCommandSubscribesAfreshWithoutTheFirstSubscriber() throws FsmLoadException {
        Rig rig = new Rig();
        for (String name : new String[] {"first", "second"}) {
            assertEquals("image", rig.step(Rig.image(Resolution.K_QQQVGA, 0)));
            assertEquals(Cmd.SUBSCRIBE, rig.reCommand.get().cmd);
            runsQuietly(rig, "image", 1);
            rig.reportNameId(name);
            rig.step();
            assertEquals(name, rig.reCommand.get().nameId);
            rig.reportImage(Rig.bgrImage(Resolution.K_QQQVGA));
            rig.step();
            assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd);
            assertEquals(name, rig.reCommand.get().nameId);
            endsOneStepLater(rig, "image");
        }
        assertEquals(2, rig.csStatus.get().imageSeq);
    }

    @Test
    void setParamsSendsSetParametersForTheCameraInItsOneStep() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("set_params", rig.step(Rig.setParameters(1, "17", 120))); // kCameraExposureID, 12 ms
        assertTrue(rig.reCommand.isNew());
        CamReceptorCommand r = rig.reCommand.get();
        assertEquals(Cmd.SET_PARAMETERS, r.cmd);
        assertEquals("17", r.dataName, "data_name = arg[data_name]");
        assertEquals(120, r.value, "value = arg[value]");
        assertEquals(1, r.params.cid, "params[cid] = arg[params[cid]]");
        assertFalse(rig.csStatus.hasData(), "cs gets nothing");
        assertEquals("idle", rig.step(), "a one step behaviour: τ ≜ TRUE ends it at the next check");
        assertTrue(rig.fsm.lastEnded());
        assertFalse(rig.reCommand.isNew());
    }

    @Test
    void getSendsGetDataAndPassesTheNewValueToCs() throws FsmLoadException {
        String fps = "ALVideoDevice/CameraTop/FrameRate";
        Rig rig = new Rig();
        rig.reportValue("old", 1); // received in the step the command arrives in: i0
        assertEquals("get", rig.step(Rig.get(fps)));
        assertTrue(rig.reCommand.isNew());
        assertEquals(Cmd.GET_DATA, rig.reCommand.get().cmd);
        assertEquals(fps, rig.reCommand.get().dataName);
        assertFalse(rig.csStatus.isNew());
        runsQuietly(rig, "get", 3);

        rig.reportValue(fps, 30);
        assertEquals("get", rig.step());
        assertFalse(rig.reCommand.isNew(), "after i0 nothing goes to the real receptor");
        assertTrue(rig.csStatus.isNew(), "the new value reaches cs in the step it arrives");
        DataValue v = rig.csStatus.get().value;
        assertEquals(1, rig.csStatus.get().valueSeq);
        assertEquals(fps, v.dataName);
        assertEquals(30, v.number);
        rig.reportValue(fps, 15);
        endsOneStepLater(rig, "get");
        assertEquals(1, rig.csStatus.get().valueSeq, "the value is passed once");
    }

    @Test
    void commandsArrivingWhileABehaviourRunsAreNotForIt() throws FsmLoadException {
        Rig rig = subscribed(Resolution.K_QQVGA, 0);
        assertEquals("image", rig.step(Rig.get("x")));
        assertFalse(rig.reCommand.isNew());
        assertEquals("image", rig.step(Rig.image(99, 0)));
        assertFalse(rig.csStatus.isNew(), "and they are not rejected either: only idle checks commands");
        rig.reportNameId("cam");
        assertEquals("image", rig.step(Rig.setParameters(0, "0", 10)));
        assertEquals(Cmd.GET_IMAGE, rig.reCommand.get().cmd);
        rig.reportImage(Rig.bgrImage(Resolution.K_QQVGA));
        rig.step();
        assertEquals(Cmd.UNSUBSCRIBE, rig.reCommand.get().cmd);
        assertBgr8(Resolution.K_QQVGA, rig.csStatus.get().image);
        endsOneStepLater(rig, "image");
    }
}
