package org.embodia.nao.body;

import org.embodia.api.behavior.TmMemory;
import org.embodia.nao.api.DesiredJointAngles;
import org.embodia.nao.api.Pose;

/** The internal memory e_core,body of the body virtual effector ([RAPP] §3.1.1). */
public final class BodyMemory extends TmMemory<BodyMemory> {
    /** dja: the INTERPOLATION command's joints, angles (rad) and fraction of the maximum speed. */
    public final DesiredJointAngles dja = new DesiredJointAngles();
    /** pose: the robot's pose [x, y, θ] in the global frame estimated by the EKF (m, m, rad). */
    public final Pose pose = new Pose();

    @Override
    public void copyFrom(BodyMemory m) {
        super.copyFrom(m);
        dja.copyFrom(m.dja);
        pose.copyFrom(m.pose);
    }

    @Override
    public String toString() {
        return "BodyMemory[tm=" + tm + ", dja=" + dja + ", pose=" + pose + "]";
    }
}
