package org.embodia.velma.cs;

import org.embodia.api.buffer.Message;
import org.embodia.velma.api.Velma;

/** What cs publishes for the task interface's view, once per iteration, through a lock-free buffer. */
final class CsView implements Message<CsView> {
    long iteration;
    boolean veBodySafe;
    boolean motorsReady;
    /** The parts of allHwOk that do not hold, and those that did not when ve_body last entered safe mode (AllHwOk's bits). */
    int hardwareFailing;
    int hardwareFailingWhenSafe;
    final double[] right = new double[Velma.LWR_JOINTS];
    final double[] left = new double[Velma.LWR_JOINTS];
    double torso;
    double headPan;
    double headTilt;
    final double[] rightTool = new double[16];
    final double[] leftTool = new double[16];
    double minDistance;
    int nearestPair;
    long firstCycleMillis;

    @Override
    public void copyFrom(CsView v) {
        iteration = v.iteration;
        veBodySafe = v.veBodySafe;
        motorsReady = v.motorsReady;
        hardwareFailing = v.hardwareFailing;
        hardwareFailingWhenSafe = v.hardwareFailingWhenSafe;
        System.arraycopy(v.right, 0, right, 0, right.length);
        System.arraycopy(v.left, 0, left, 0, left.length);
        torso = v.torso;
        headPan = v.headPan;
        headTilt = v.headTilt;
        System.arraycopy(v.rightTool, 0, rightTool, 0, 16);
        System.arraycopy(v.leftTool, 0, leftTool, 0, 16);
        minDistance = v.minDistance;
        nearestPair = v.nearestPair;
        firstCycleMillis = v.firstCycleMillis;
    }
}
