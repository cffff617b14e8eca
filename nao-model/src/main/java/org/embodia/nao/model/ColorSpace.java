package org.embodia.nao.model;

/**
 * NAOqi's colour-space ids and names from libalvision's alvisiondefinitions.h (see {@link Resolution} for the source).
 * The simulated cameras render {@link #K_BGR} only, the colour space the RAPP core agent's camera receptor subscribes
 * with.
 */
public enum ColorSpace {
    K_YUV_Y(0, "kYuvColorSpace"),
    K_YUV_U(1, "kyUvColorSpace"),
    K_YUV_V(2, "kyuVColorSpace"),
    K_RGB_R(3, "kRgbColorSpace"),
    K_RGB_G(4, "krGbColorSpace"),
    K_RGB_B(5, "krgBColorSpace"),
    K_HSY_H(6, "kHsyColorSpace"),
    K_HSY_S(7, "khSyColorSpace"),
    K_HSY_Y(8, "khsYColorSpace"),
    K_YUV422(9, "kYUV422ColorSpace"),
    K_YUV(10, "kYUVColorSpace"),
    K_RGB(11, "kRGBColorSpace"),
    K_HSY(12, "kHSYColorSpace"),
    K_BGR(13, "kBGRColorSpace"),
    K_YYCBCR(14, "kYYCbCrColorSpace"),
    K_H2RGB(15, "kH2RGBColorSpace"),
    K_HS_MIXED(16, "kHSMixedColorSpace"),
    K_DEPTH(17, "kDepthColorSpace"),
    K_ARGB(18, "kARGBColorSpace"),
    K_XYZ(19, "kXYZColorSpace"),
    K_INFRARED(20, "kInfraredColorSpace"),
    K_DISTANCE(21, "kDistanceColorSpace");

    private final int id;
    private final String naoqiName;

    ColorSpace(int id, String naoqiName) {
        this.id = id;
        this.naoqiName = naoqiName;
    }

    public static ColorSpace byId(int id) {
        for (ColorSpace colorSpace : values()) {
            if (colorSpace.id == id) {
                return colorSpace;
            }
        }
        throw new IllegalArgumentException("colour space id " + id + " is not one of NAOqi's, which are 0.."
                + (values().length - 1));
    }

    public int id() {
        return id;
    }

    public String naoqiName() {
        return naoqiName;
    }

    @Override
    public String toString() {
        return naoqiName + " (" + id + ")";
    }
}
