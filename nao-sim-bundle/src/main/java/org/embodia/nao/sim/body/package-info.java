/**
 * The simulated NAO body in NAOqi's place, at NAOqi's 20 ms step: joints, stiffness, predefined postures, the walk with
 * its odometry, the inertial unit and the weight on each foot, behind ALMotion's and ALRobotPosture's method names.
 * Private to the bundle: its real effector core/a.body/re wraps it.
 */
package org.embodia.nao.sim.body;
