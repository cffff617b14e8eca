package org.embodia.nao.cam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamParams;
import org.embodia.nao.model.CameraParameter;
import org.embodia.nao.model.Resolution;
import org.junit.jupiter.api.Test;

/** What idle accepts and why it rejects the rest. */
class CamCommandCheckTest {

    @Test
    void validCommandsPass() {
        for (Resolution r : new Resolution[] {Resolution.K_QQQQVGA, Resolution.K_QQQVGA, Resolution.K_QQVGA, Resolution.K_QVGA, Resolution.K_VGA}) {
            assertNull(CamCommandCheck.check(Rig.image(r, 0)), r.toString());
            assertNull(CamCommandCheck.check(Rig.image(r, 1)), r.toString());
        }
        CamCommand asTheShellSendsIt = Rig.image(Resolution.K_VGA, 0);
        asTheShellSendsIt.params.cs = CamParams.kBGRColorSpace;
        asTheShellSendsIt.params.fr = CamParams.maxCameraFPS;
        assertNull(CamCommandCheck.check(asTheShellSendsIt));
        for (CameraParameter p : CameraParameter.values()) {
            assertNull(CamCommandCheck.check(Rig.setParameters(0, Integer.toString(p.id()), p.min())), p.toString());
            assertNull(CamCommandCheck.check(Rig.setParameters(1, Integer.toString(p.id()), p.max())), p.toString());
        }
        assertNull(CamCommandCheck.check(Rig.get("ALVideoDevice/CameraTop/Resolution")));
    }

    @Test
    void eachKindOfBadCommandIsRejectedNamingWhatIsWrong() {
        assertEquals("a command without cmd was rejected; cmd is one of GET, IMAGE, SET_PARAMETERS", CamCommandCheck.check(new CamCommand()));
        assertEquals("IMAGE rejected: camera id -1 is neither 0 (kTopCamera, CameraTop) nor 1 (kBottomCamera, CameraBottom)",
                CamCommandCheck.check(Rig.image(Resolution.K_QVGA, -1)));
        assertEquals("IMAGE rejected: resolution id 5 is not one of NAO V5's camera resolutions: kQQQQVGA (8) 40x30, kQQQVGA (7) 80x60,"
                + " kQQVGA (0) 160x120, kQVGA (1) 320x240, kVGA (2) 640x480, k4VGA (3) 1280x960", CamCommandCheck.check(Rig.image(5, 0)));
        assertEquals("IMAGE rejected: k4VGA (3) 1280x960 needs 3686400 bytes, more than r_core,cam's image buffers hold (921600 bytes,"
                + " up to kVGA (2) 640x480)", CamCommandCheck.check(Rig.image(Resolution.K_4VGA, 1)));
        CamCommand unknownSpace = Rig.image(Resolution.K_QVGA, 0);
        unknownSpace.params.cs = 22;
        assertEquals("IMAGE rejected: colour space id 22 is not one of NAOqi's (0..21)", CamCommandCheck.check(unknownSpace));
        CamCommand rgb = Rig.image(Resolution.K_QVGA, 0);
        rgb.params.cs = 11;
        assertEquals("IMAGE rejected: image delivers kBGRColorSpace (13) only (§3.7.3 subscribes with it), not kRGBColorSpace (11)",
                CamCommandCheck.check(rgb));
        CamCommand slow = Rig.image(Resolution.K_QVGA, 0);
        slow.params.fr = 5;
        assertEquals("IMAGE rejected: fr is 5 fps; image subscribes at maxCameraFPS (30 fps, §3.7.3), and cs need not give fr",
                CamCommandCheck.check(slow));
        assertEquals("SET_PARAMETERS rejected: camera id 2 is neither 0 (kTopCamera, CameraTop) nor 1 (kBottomCamera, CameraBottom)",
                CamCommandCheck.check(Rig.setParameters(2, "0", 10)));
        assertEquals("SET_PARAMETERS rejected: data_name, the NAOqi id of the camera parameter to set, is empty",
                CamCommandCheck.check(Rig.setParameters(0, "", 10)));
        assertEquals("SET_PARAMETERS rejected: data_name 'kCameraContrastID' names a parameter; give its NAOqi id, 1",
                CamCommandCheck.check(Rig.setParameters(0, "kCameraContrastID", 32)));
        String settable = "kCameraBrightnessID (0), kCameraContrastID (1), kCameraSaturationID (2), kCameraHueID (3), kCameraGainID (6),"
                + " kCameraHFlipID (7), kCameraVFlipID (8), kCameraAutoExpositionID (11), kCameraAutoWhiteBalanceID (12),"
                + " kCameraExposureID (17), kCameraExposureAlgorithmID (22), kCameraSharpnessID (24), kCameraWhiteBalanceID (33),"
                + " kCameraBacklightCompensationID (34)";
        for (String id : new String[] {"4", "-1", "+3", "3.0", "99999999999", "brightness"}) {
            assertEquals("SET_PARAMETERS rejected: data_name '" + id + "' is not the id of a parameter NAO V5's cameras let set (resolution,"
                    + " frame rate and camera are chosen by image's subscription); these are: " + settable,
                    CamCommandCheck.check(Rig.setParameters(0, id, 0)), id);
        }
        assertEquals("SET_PARAMETERS rejected: value 2701 of kCameraExposureID (17) is outside [1, 2500]",
                CamCommandCheck.check(Rig.setParameters(0, "17", 2701)));
        assertEquals("SET_PARAMETERS rejected: value -2 of kCameraSharpnessID (24) is outside [-1, 7]",
                CamCommandCheck.check(Rig.setParameters(1, "24", -2)));
        assertEquals("SET_PARAMETERS rejected: value 2 of kCameraHFlipID (7) is outside [0, 1]", CamCommandCheck.check(Rig.setParameters(1, "7", 2)));
        assertEquals("GET rejected: data_name, the name of the ALMemory value to read, is empty", CamCommandCheck.check(Rig.get(null)));
    }

    @Test
    void lookupsFollowNaoqisIds() {
        assertEquals(Resolution.K_QQQQVGA, CamCommandCheck.resolution(8));
        assertNull(CamCommandCheck.resolution(-1));
        assertEquals(CameraParameter.WHITE_BALANCE, CamCommandCheck.parameter("33"));
        assertEquals(CameraParameter.BRIGHTNESS, CamCommandCheck.parameter("000"));
        assertNull(CamCommandCheck.parameter(null));
        assertEquals(13, CamCommandCheck.colorSpace(13).id());
        assertNull(CamCommandCheck.camera(2));
    }
}
