package org.embodia.rapp.app.walker;

import java.util.Locale;

import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.api.Rapp;
import org.embodia.rapp.api.RobotPose;
import org.osgi.service.component.annotations.Component;

/**
 * The walker app: takes the StandInit posture (the posture NAOqi's ALMotion walks from), walks {@link #DISTANCE} ahead,
 * asks the robot where it is and says it, and returns.
 */
@Component(service = DynamicAgent.class, property = DynamicAgent.APP_PROPERTY + "=" + Walker.APP_NAME)
public final class Walker implements DynamicAgent {
    static final String APP_NAME = "walker";
    static final String LANGUAGE = "English";
    static final String POSTURE = "StandInit";
    /** Half the maximum speed, as NAOqi's own walk example (almotion_moveTo.py) takes StandInit before walking. */
    static final double POSTURE_SPEED = 0.5;
    /** Metres straight ahead: a few of NAO's steps, short enough for a table-top or a small room. */
    static final double DISTANCE = 0.3;

    @Override
    public void run(Rapp rapp) throws InterruptedException {
        rapp.takePredefinedPosture(POSTURE, POSTURE_SPEED);
        stopIfInterrupted();
        rapp.moveTo(DISTANCE, 0, 0);
        stopIfInterrupted();
        RobotPose pose = rapp.getRobotPosition();
        stopIfInterrupted();
        rapp.textToSpeech(whereIAm(pose), LANGUAGE);
    }

    /**
     * What the robot says of its pose: x and y to the centimetre, heading to the degree.
     *
     * @throws IllegalStateException if the pose is missing or not finite: saying "NaN metres" helps nobody
     */
    static String whereIAm(RobotPose pose) {
        if (pose == null) {
            throw new IllegalStateException("getRobotPosition answered no pose");
        }
        double theta = pose.theta();
        if (!Double.isFinite(pose.x()) || !Double.isFinite(pose.y()) || !Double.isFinite(theta)) {
            throw new IllegalStateException("getRobotPosition answered a pose that is not finite: " + pose);
        }
        return String.format(Locale.ROOT, "I am at x %.2f metres, y %.2f metres, facing %d degrees.",
                centimetres(pose.x()), centimetres(pose.y()), Math.round(Math.toDegrees(theta)));
    }

    /** Rounded to the centimetre first, so that -0.001 is said as 0.00, not -0.00. */
    private static double centimetres(double metres) {
        return Math.round(metres * 100) / 100.0;
    }

    /** A destroyed app stops before its next call even if the call it was in completed. */
    private static void stopIfInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException(APP_NAME + " interrupted: the core agent destroyed it");
        }
    }
}
