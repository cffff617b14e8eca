package org.embodia.nao.model;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The image sizes NAO V5's cameras deliver, with NAOqi's resolution ids and names ({@code AL::kQVGA} = 1 ...) from
 * libalvision's alvisiondefinitions.h (doc.aldebaran.com/2-1/ref/libalvision/a00012_source.html; the Apache-licensed
 * copy in ros-naoqi/naoqi_driver, src/tools/alvisiondefinitions.h). NAOqi also defines k16VGA (4, 2560×1920, NAO V6's
 * OV5640 only), k720p (5) and k1080p (6); NAO V5's MT9M114 goes up to 1280×960, so they are not offered.
 */
public enum Resolution {
    K_QQQQVGA(8, "kQQQQVGA", 40, 30),
    K_QQQVGA(7, "kQQQVGA", 80, 60),
    K_QQVGA(0, "kQQVGA", 160, 120),
    K_QVGA(1, "kQVGA", 320, 240),
    K_VGA(2, "kVGA", 640, 480),
    K_4VGA(3, "k4VGA", 1280, 960);

    private final int id;
    private final String naoqiName;
    private final int width;
    private final int height;

    Resolution(int id, String naoqiName, int width, int height) {
        this.id = id;
        this.naoqiName = naoqiName;
        this.width = width;
        this.height = height;
    }

    /** The resolution NAOqi numbers {@code id}. */
    public static Resolution byId(int id) {
        for (Resolution resolution : values()) {
            if (resolution.id == id) {
                return resolution;
            }
        }
        throw new IllegalArgumentException("resolution id " + id + " is not one of NAO V5's camera resolutions: "
                + Arrays.stream(values()).map(Resolution::toString).collect(Collectors.joining(", ")));
    }

    public int id() {
        return id;
    }

    public String naoqiName() {
        return naoqiName;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    @Override
    public String toString() {
        return naoqiName + " (" + id + ") " + width + "x" + height;
    }
}
