package org.embodia.velma.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The parts of allHwOk and allCmdOk as docs/velma.md defines them, field by field. */
class ValidityTest {

    static LwrStatus healthyArm() {
        LwrStatus s = new LwrStatus();
        s.power = 0b1111111;
        s.controlMode = ControlMode.JOINT_IMPEDANCE;
        s.quality = FriQuality.GOOD;
        s.state = FriState.COMMAND;
        return s;
    }

    @Test
    void anArmIsOkOnlyWithEveryConditionOfTheSeedsReadme() {
        assertTrue(healthyArm().ok());
        LwrStatus s = healthyArm();
        s.power = 0b1011111;
        assertFalse(s.ok(), "a joint without power");
        s = healthyArm();
        s.error = true;
        assertFalse(s.ok());
        s = healthyArm();
        s.warning = true;
        assertFalse(s.ok());
        s = healthyArm();
        s.controlMode = ControlMode.CARTESIAN_IMPEDANCE;
        assertFalse(s.ok(), "not joint impedance");
        s = healthyArm();
        s.quality = FriQuality.UNACCEPTABLE;
        assertFalse(s.ok(), "quality must be above UNACCEPTABLE");
        s.quality = FriQuality.PERFECT;
        assertTrue(s.ok());
        s.state = FriState.MONITOR;
        assertTrue(s.ok() && !s.inCommandState(), "the FRI state is the separate *LwrInCmdState predicate");
    }

    @Test
    void aDriveIsOkWhenItsStateMachineIsInOperationEnabled() {
        DriveStatus d = new DriveStatus();
        d.statusWord = 0x0237; // operation enabled, voltage enabled, quick stop inactive, remote
        assertTrue(d.ok());
        d.statusWord = 0x0238; // fault
        assertFalse(d.ok());
        d.statusWord = 0x0233; // switched on, not enabled
        assertFalse(d.ok());
        d.statusWord = 0x0217; // quick stop active
        assertFalse(d.ok());
    }

    @Test
    void aCommandIsInvalidWhenATorqueIsNaNInfiniteOrReachesItsLimit() {
        BodyCommand c = new BodyCommand();
        assertTrue(c.valid());
        c.rightArm.torque[6] = 9.99;
        assertTrue(c.valid());
        c.rightArm.torque[6] = 10;
        assertFalse(c.valid(), "reaching the limit is already invalid");
        c.rightArm.torque[6] = 0;
        c.leftArm.torque[0] = Double.NaN;
        assertFalse(c.valid());
        c.leftArm.torque[0] = Double.NEGATIVE_INFINITY;
        assertFalse(c.valid());
        c.leftArm.torque[0] = -49.9;
        assertTrue(c.valid());
        c.torsoTorque = -100;
        assertFalse(c.valid());
        c.torsoTorque = 0;
        assertTrue(c.valid() && c.headValid());
        c.headTilt = 1.31;
        assertTrue(c.valid(), "allCmdOk is about arms and torso ([VELMA-BEH])");
        assertFalse(c.headValid(), "the head beyond its limit");
        c.headTilt = Double.NaN;
        assertFalse(c.headValid());
    }
}
