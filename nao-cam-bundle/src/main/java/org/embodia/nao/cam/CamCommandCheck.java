package org.embodia.nao.cam;

import java.util.List;
import java.util.stream.Collectors;

import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamParams;
import org.embodia.nao.model.CameraParameter;
import org.embodia.nao.model.ColorSpace;
import org.embodia.nao.model.NaoCamera;
import org.embodia.nao.model.Resolution;

/**
 * Whether a command from cs may reach the real receptor: a camera NAO has, a resolution its cameras
 * deliver and r_core,cam's image buffers hold, a camera parameter NAO V5 lets set with a value within
 * its range, data_name given. The ids are NAOqi's (alvisiondefinitions.h, as nao-model gives them). A
 * valid command is checked without allocating; a rejection builds its reason, naming the command and
 * the offending argument.
 */
final class CamCommandCheck {
    // The model's byId methods copy values() on every call; these lists are looked up without allocating.
    private static final List<NaoCamera> CAMERAS = List.of(NaoCamera.values());
    private static final List<Resolution> RESOLUTIONS = List.of(Resolution.values());
    private static final List<ColorSpace> COLOR_SPACES = List.of(ColorSpace.values());
    private static final List<CameraParameter> PARAMETERS = List.of(CameraParameter.values());
    /** Longest decimal id parsed: nine digits cannot overflow an int. */
    private static final int MAX_ID_DIGITS = 9;

    private CamCommandCheck() {
    }

    /** Null when {@code c} is valid; otherwise why it is rejected. */
    static String check(CamCommand c) {
        if (c.cmd == null) {
            return "a command without cmd was rejected; cmd is one of GET, IMAGE, SET_PARAMETERS";
        }
        return switch (c.cmd) {
            case GET -> isBlank(c.dataName) ? rejected(c, "data_name, the name of the ALMemory value to read, is empty") : null;
            case IMAGE -> image(c);
            case SET_PARAMETERS -> setParameters(c);
        };
    }

    /** The camera NAOqi numbers {@code index}, or null. */
    static NaoCamera camera(int index) {
        for (int k = 0; k < CAMERAS.size(); k++) {
            if (CAMERAS.get(k).index() == index) {
                return CAMERAS.get(k);
            }
        }
        return null;
    }

    /** The resolution NAOqi numbers {@code id}, or null. */
    static Resolution resolution(int id) {
        for (int k = 0; k < RESOLUTIONS.size(); k++) {
            if (RESOLUTIONS.get(k).id() == id) {
                return RESOLUTIONS.get(k);
            }
        }
        return null;
    }

    /** The colour space NAOqi numbers {@code id}, or null. */
    static ColorSpace colorSpace(int id) {
        for (int k = 0; k < COLOR_SPACES.size(); k++) {
            if (COLOR_SPACES.get(k).id() == id) {
                return COLOR_SPACES.get(k);
            }
        }
        return null;
    }

    /** The settable camera parameter whose NAOqi id {@code dataName} gives in decimal, or null. */
    static CameraParameter parameter(String dataName) {
        int id = decimal(dataName);
        for (int k = 0; id >= 0 && k < PARAMETERS.size(); k++) {
            if (PARAMETERS.get(k).id() == id) {
                return PARAMETERS.get(k);
            }
        }
        return null;
    }

    /** Bytes of a BGR image of {@code r}: three per pixel. */
    static long bgrBytes(Resolution r) {
        return 3L * r.width() * r.height();
    }

    private static String rejected(CamCommand c, String why) {
        return c.cmd + " rejected: " + why;
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    /** {@code s} as a non-negative decimal int, or -1; Integer.parseInt would throw (and allocate) on a name. */
    private static int decimal(String s) {
        if (s == null || s.isEmpty() || s.length() > MAX_ID_DIGITS) {
            return -1;
        }
        int value = 0;
        for (int k = 0; k < s.length(); k++) {
            char d = s.charAt(k);
            if (d < '0' || d > '9') {
                return -1;
            }
            value = value * 10 + (d - '0');
        }
        return value;
    }

    private static String image(CamCommand c) {
        CamParams p = c.params;
        String camera = cameraProblem(p.cid);
        if (camera != null) {
            return rejected(c, camera);
        }
        Resolution r = resolution(p.res);
        if (r == null) {
            return rejected(c, "resolution id " + p.res + " is not one of NAO V5's camera resolutions: "
                    + RESOLUTIONS.stream().map(Resolution::toString).collect(Collectors.joining(", ")));
        }
        if (bgrBytes(r) > NaoCam.IMAGE_CAPACITY) {
            return rejected(c, r + " needs " + bgrBytes(r) + " bytes, more than r_core,cam's image buffers hold ("
                    + NaoCam.IMAGE_CAPACITY + " bytes, up to " + Resolution.K_VGA + ")");
        }
        // cs's params are [res, cid] only (§3.7.1), so cs and fr may be left 0; image subscribes with
        // kBGRColorSpace and maxCameraFPS whatever they say, so one naming anything else is refused
        // rather than answered with an image it did not ask for.
        if (p.cs != 0 && p.cs != CamParams.kBGRColorSpace) {
            ColorSpace asked = colorSpace(p.cs);
            return rejected(c, asked == null
                    ? "colour space id " + p.cs + " is not one of NAOqi's (0.." + (COLOR_SPACES.size() - 1) + ")"
                    : "image delivers " + ColorSpace.K_BGR + " only (§3.7.3 subscribes with it), not " + asked);
        }
        if (p.fr != 0 && p.fr != CamParams.maxCameraFPS) {
            return rejected(c, "fr is " + p.fr + " fps; image subscribes at maxCameraFPS (" + CamParams.maxCameraFPS
                    + " fps, §3.7.3), and cs need not give fr");
        }
        return null;
    }

    private static String setParameters(CamCommand c) {
        String camera = cameraProblem(c.params.cid);
        if (camera != null) {
            return rejected(c, camera);
        }
        if (isBlank(c.dataName)) {
            return rejected(c, "data_name, the NAOqi id of the camera parameter to set, is empty");
        }
        CameraParameter parameter = parameter(c.dataName);
        if (parameter == null) {
            return rejected(c, unknownParameter(c.dataName));
        }
        if (c.value < parameter.min() || c.value > parameter.max()) {
            return rejected(c, "value " + c.value + " of " + parameter + " is outside [" + parameter.min() + ", " + parameter.max() + "]");
        }
        return null;
    }

    private static String cameraProblem(int cid) {
        return camera(cid) != null ? null
                : "camera id " + cid + " is neither 0 (kTopCamera, " + NaoCamera.TOP.naoqiName() + ") nor 1 (kBottomCamera, "
                        + NaoCamera.BOTTOM.naoqiName() + ")";
    }

    private static String unknownParameter(String dataName) {
        for (CameraParameter p : PARAMETERS) {
            if (p.naoqiName().equals(dataName.strip())) {
                return "data_name '" + dataName + "' names a parameter; give its NAOqi id, " + p.id();
            }
        }
        return "data_name '" + dataName + "' is not the id of a parameter NAO V5's cameras let set (resolution, frame rate and camera"
                + " are chosen by image's subscription); these are: "
                + PARAMETERS.stream().map(CameraParameter::toString).collect(Collectors.joining(", "));
    }
}
