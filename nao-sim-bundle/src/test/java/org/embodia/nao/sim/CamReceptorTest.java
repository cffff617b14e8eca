package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.api.CamReceptorStatus;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.sim.api.NaoSimulator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** core/a.cam/rr driven through its buffers as r_core,cam's image, set_params and get behaviours drive it. */
class CamReceptorTest {
    private Rig rig;

    @BeforeEach
    void start(@TempDir Path directory) {
        rig = new Rig(directory);
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private CamReceptorStatus status() {
        return rig.cam.last();
    }

    private String subscribe(int camera, int resolution) {
        CamReceptorCommand c = rig.cam.next();
        c.cmd = CamReceptorCommand.Cmd.SUBSCRIBE;
        c.params.res = resolution;
        c.params.cid = camera;
        c.params.cs = CamParams.kBGRColorSpace;
        c.params.fr = CamParams.maxCameraFPS;
        c.params.pf = "png";
        long seq = status().nameIdSeq;
        rig.cam.send();
        rig.until(() -> status().nameIdSeq != seq, "name_id");
        return status().nameId;
    }

    private DataValue get(String dataName, int camera) {
        CamReceptorCommand c = rig.cam.next();
        c.cmd = CamReceptorCommand.Cmd.GET_DATA;
        c.dataName = dataName;
        c.params.cid = camera;
        long seq = status().valueSeq;
        rig.cam.send();
        rig.until(() -> status().valueSeq != seq, "the value of " + dataName);
        return status().value;
    }

    @Test
    void theImageBehavioursCallsGiveAnImageAtTheSubscribedResolution() {
        String nameId = subscribe(0, 1);
        assertEquals(CameraDevice.SUBSCRIBER, nameId);

        CamReceptorCommand c = rig.cam.next();
        c.cmd = CamReceptorCommand.Cmd.GET_IMAGE;
        c.nameId = nameId;
        long seq = status().imageSeq;
        rig.cam.send();
        rig.until(() -> status().imageSeq != seq, "the image");

        CamReceptorStatus s = status();
        assertEquals(320, s.image.width);
        assertEquals(240, s.image.height);
        assertEquals(3, s.image.layers);
        assertEquals(CamParams.kBGRColorSpace, s.image.colorSpace);
        assertEquals(320 * 240 * 3, s.image.length);
        assertTrue(s.image.timestampNanos > 0, "stamped with the simulated time");
        long sum = 0;
        for (int i = 0; i < s.image.length; i++) {
            sum += s.image.data[i] & 0xff;
        }
        assertTrue(sum / s.image.length > 40, "the room is lit: mean " + sum / s.image.length);

        c.cmd = CamReceptorCommand.Cmd.UNSUBSCRIBE;
        rig.cam.send();
        rig.tick(3);
        assertEquals(CameraDevice.SUBSCRIBER, subscribe(1, 2), "unsubscribed, the name is free again");
    }

    @Test
    void aKvgaImageFitsTheStatusAndTheCameraSeesTheRoom() {
        String nameId = subscribe(1, 3);
        CamReceptorCommand c = rig.cam.next();
        c.cmd = CamReceptorCommand.Cmd.GET_IMAGE;
        c.nameId = nameId;
        long seq = status().imageSeq;
        rig.cam.send();
        rig.until(() -> status().imageSeq != seq, "the image");

        assertEquals(1280 * 960 * 3, status().image.length);
    }

    @Test
    void parametersAreSetPerCameraAndReadBack() {
        CamReceptorCommand c = rig.cam.next();
        c.cmd = CamReceptorCommand.Cmd.SET_PARAMETERS;
        c.dataName = "kCameraBrightnessID";
        c.value = 200;
        c.params.cid = 0;
        rig.cam.send();
        rig.tick(2);

        assertEquals(200, get("kCameraBrightnessID", 0).number);
        assertEquals(55, get("0", 1).number, "the other camera keeps its default; ids name parameters too");
        subscribe(0, 2);
        assertEquals(2, get("resolution", 0).number);
        assertEquals(30, get("frame rate", 0).number);
        assertEquals("png", get("picture format", 0).text);
    }

    @Test
    void whatAlVideoDeviceRefusesIsReportedInValue() {
        CamReceptorCommand c = rig.cam.next();
        c.cmd = CamReceptorCommand.Cmd.SUBSCRIBE;
        c.params.res = 9;
        c.params.cid = 0;
        c.params.cs = CamParams.kBGRColorSpace;
        c.params.fr = 30;
        long seq = status().valueSeq;
        rig.cam.send();
        rig.until(() -> status().valueSeq != seq, "the error");
        assertEquals(NaoSimulator.ERROR, status().value.dataName);
        assertTrue(status().value.text.contains("resolution id 9"), status().value.text);

        c.cmd = CamReceptorCommand.Cmd.SET_PARAMETERS;
        c.dataName = "kCameraBrightnessID";
        c.value = 999;
        long next = status().valueSeq;
        rig.cam.send();
        rig.until(() -> status().valueSeq != next, "the error");
        assertNotNull(status().value.text);
        assertTrue(status().value.text.contains("999"), status().value.text);
    }
}
