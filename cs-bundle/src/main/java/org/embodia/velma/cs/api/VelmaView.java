package org.embodia.velma.cs.api;

import java.util.List;

/**
 * The robot as velma_core_cs last saw it.
 *
 * @param iteration cs's iterations so far
 * @param veBodySafe whether velma_core_ve_body reports safe mode
 * @param motorsReady whether the torso and head drives are enabled and homed
 * @param right right arm joint positions (rad)
 * @param left left arm joint positions (rad)
 * @param torso torso position (rad)
 * @param headPan head pan (rad)
 * @param headTilt head tilt (rad)
 * @param rightTool right end effector: x, y, z (m), then the rotation matrix row-major
 * @param leftTool left end effector, likewise
 * @param selfCollisionDistance the smallest distance between link capsules (m)
 * @param nearestPair the links of that distance
 * @param firstCycleMillis when cs first ran with the body's status (ms since the epoch): the control loop was up
 * @param hardwareNotOk the parts of velma_core_ve_body's allHwOk that do not hold, by [VELMA-BEH]'s names (rLwrOk ...
 *        htMotorOk); empty while every real effector works
 * @param hardwareNotOkWhenSafe those that did not hold in the iteration ve_body last entered safe mode: empty if it
 *        entered it for another reason (no status, a command refused) or never left it
 */
public record VelmaView(long iteration, boolean veBodySafe, boolean motorsReady, double[] right, double[] left, double torso, double headPan,
        double headTilt, double[] rightTool, double[] leftTool, double selfCollisionDistance, String nearestPair, long firstCycleMillis,
        List<String> hardwareNotOk, List<String> hardwareNotOkWhenSafe) {

    /** Without allHwOk's parts, as in 1.1. */
    public VelmaView(long iteration, boolean veBodySafe, boolean motorsReady, double[] right, double[] left, double torso, double headPan,
            double headTilt, double[] rightTool, double[] leftTool, double selfCollisionDistance, String nearestPair, long firstCycleMillis) {
        this(iteration, veBodySafe, motorsReady, right, left, torso, headPan, headTilt, rightTool, leftTool, selfCollisionDistance, nearestPair,
                firstCycleMillis, List.of(), List.of());
    }
}
