/**
 * NAO's body as the RAPP core agent's body virtual effector sees it: the joints with NAOqi's names
 * and limits, the predefined postures and their families, the forward kinematics of its chains, cameras
 * and joints in the torso frame ({@link org.embodia.nao.model.NaoKinematics}), a planar simulation of the walking base
 * at NAOqi's 20 ms control step (true pose, drifting odometry, IMU) and the extended Kalman filter
 * that estimates the pose [x, y, θ] from odometry and IMU every step. The per-step methods work in
 * preallocated state and allocate nothing.
 */
@Version("1.2.0")
@Export
package org.embodia.nao.model;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
