package org.embodia.nao.model;

/**
 * NAO's eight force sensitive resistors, four under each foot, with their ALMemory keys
 * ({@code Device/SubDeviceList/LFoot/FSR/FrontLeft/Sensor/Value}, in kg) and their positions in the ankle frame (m),
 * both from Aldebaran's FSR page (doc.aldebaran.com/1-14/family/robots/fsr_robot.html).
 *
 * <p>{@link #share()} is the part of its foot's weight each sensor carries when the centre of pressure lies under the
 * ankle: the foot's load split front to rear and left to right in inverse proportion to the sensors' mean distances
 * from the ankle. Our simplification: the four sensors do not form an exact rectangle.
 */
public enum Fsr {
    L_FRONT_LEFT("LFoot", "FrontLeft", 0.07025, 0.0299),
    L_FRONT_RIGHT("LFoot", "FrontRight", 0.07025, -0.0231),
    L_REAR_LEFT("LFoot", "RearLeft", -0.03025, 0.0299),
    L_REAR_RIGHT("LFoot", "RearRight", -0.02965, -0.0191),
    R_FRONT_LEFT("RFoot", "FrontLeft", 0.07025, 0.0231),
    R_FRONT_RIGHT("RFoot", "FrontRight", 0.07025, -0.0299),
    R_REAR_LEFT("RFoot", "RearLeft", -0.03025, 0.0191),
    R_REAR_RIGHT("RFoot", "RearRight", -0.02965, -0.0299);

    public static final String LEFT_FOOT = "LFoot";
    public static final String RIGHT_FOOT = "RFoot";

    private final String foot;
    private final String key;
    private final boolean left;
    private final double x;
    private final double y;

    Fsr(String foot, String name, double x, double y) {
        this.foot = foot;
        this.key = DeviceKeys.PREFIX + foot + "/FSR/" + name + "/Sensor/Value";
        this.left = name.endsWith("Left");
        this.x = x;
        this.y = y;
    }

    /** "LFoot" or "RFoot". */
    public String foot() {
        return foot;
    }

    public String key() {
        return key;
    }

    public boolean isFront() {
        return x > 0;
    }

    /** On the foot's left side (each foot has a left and a right pair). */
    public boolean isLeft() {
        return left;
    }

    /** Share of the foot's weight on this sensor; the four of a foot add up to 1. */
    public double share() {
        double front = 0;
        double rear = 0;
        double left = 0;
        double right = 0;
        for (Fsr sensor : values()) {
            if (sensor.foot.equals(foot)) {
                // Each value is the sum of two sensors' coordinates: halve for the mean.
                if (sensor.isFront()) {
                    front += sensor.x / 2;
                } else {
                    rear += sensor.x / 2;
                }
                if (sensor.isLeft()) {
                    left += sensor.y / 2;
                } else {
                    right += sensor.y / 2;
                }
            }
        }
        double frontShare = -rear / (front - rear);
        double leftShare = -right / (left - right);
        return (isFront() ? frontShare : 1 - frontShare) * (isLeft() ? leftShare : 1 - leftShare);
    }
}
