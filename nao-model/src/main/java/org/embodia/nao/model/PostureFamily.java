package org.embodia.nao.model;

/**
 * The posture families ALRobotPosture groups postures into (NAOqi 2.8 documentation,
 * doc.aldebaran.com/2-8/naoqi/motion/alrobotposture.html), as far as the predefined postures use
 * them; NAOqi also knows SittingOnChair, LyingLeft, LyingRight, Belly, Back, Left, Right, ...
 */
public enum PostureFamily {
    /** Weight on the feet, torso upright, legs straight. */
    STANDING("Standing"),
    /** Weight on the feet, torso upright, legs bent. */
    CROUCHING("Crouching"),
    /** Buttocks on the ground, torso upright. */
    SITTING("Sitting"),
    /** Stretched out, facing down. */
    LYING_BELLY("LyingBelly"),
    /** Stretched out, facing up. */
    LYING_BACK("LyingBack");

    private final String naoqiName;

    PostureFamily(String naoqiName) {
        this.naoqiName = naoqiName;
    }

    public String naoqiName() {
        return naoqiName;
    }
}
