package org.embodia.velma.sim;

import org.embodia.velma.api.Velma;
import org.embodia.velma.model.VelmaModel;

/**
 * One of Velma's EtherCAT drives as the simulation builds it.
 *
 * @param joint the physics joint it turns
 * @param lower lower joint limit (rad)
 * @param upper upper joint limit (rad)
 * @param maxTorque the most torque its motor gives (N·m)
 * @param kp stiffness of its position loop (N·m/rad)
 * @param ki integral gain of its position loop (N·m/(rad·s))
 * @param kd damping of its position loop (N·m·s/rad)
 * @param absoluteEncoder whether it knows its position from power-up; otherwise it needs homing
 * @param encoderOffset what an incremental encoder reads beyond the true angle until homing (rad)
 */
public record DriveSpec(String name, int joint, double lower, double upper, double maxTorque, double kp, double ki, double kd,
        boolean absoluteEncoder, double encoderOffset) {

    public static final DriveSpec TORSO = new DriveSpec("torso", VelmaModel.BODY_TORSO, -Velma.TORSO_LIMIT, Velma.TORSO_LIMIT,
            Velma.TORSO_TORQUE_LIMIT, 1000, 2000, 100, true, 0);
    public static final DriveSpec HEAD_PAN = new DriveSpec("head pan", VelmaModel.BODY_HEAD_PAN, -Velma.HEAD_PAN_LIMIT,
            Velma.HEAD_PAN_LIMIT, 8, 300, 3000, 4, false, 0.35);
    public static final DriveSpec HEAD_TILT = new DriveSpec("head tilt", VelmaModel.BODY_HEAD_TILT, Velma.HEAD_TILT_MIN,
            Velma.HEAD_TILT_MAX, 8, 300, 3000, 5, false, -0.25);
}
