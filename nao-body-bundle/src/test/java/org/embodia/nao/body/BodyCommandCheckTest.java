package org.embodia.nao.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.embodia.nao.api.BodyCommand;
import org.junit.jupiter.api.Test;

/** What idle accepts and why it rejects the rest. */
class BodyCommandCheckTest {

    @Test
    void validCommandsPass() {
        assertNull(BodyCommandCheck.check(Rig.move(0.1, -0.05, 0.4)));
        assertNull(BodyCommandCheck.check(Rig.stop()));
        assertNull(BodyCommandCheck.check(Rig.moveTo(-1, 2, 3.1)));
        assertNull(BodyCommandCheck.check(Rig.posture("LyingBack", 0)));
        assertNull(BodyCommandCheck.check(Rig.posture("SitRelax", 1)));
        assertNull(BodyCommandCheck.check(Rig.interpolation(1.0, "LElbowRoll", -1.5446, "RHand", 1.0, "HeadPitch", 0.5149)));
        assertNull(BodyCommandCheck.check(Rig.stiffness("Body", 1.0, "LArm", 0.0, "RKneePitch", 0.5)));
        assertNull(BodyCommandCheck.check(Rig.get("Device/SubDeviceList/Battery/Charge/Sensor/Value")));
    }

    @Test
    void eachKindOfBadCommandIsRejectedNamingWhatIsWrong() {
        assertEquals("MOVE_TO rejected: dpose [x=Infinity m, y=0.0000 m, θ=0.0000 rad] is not finite",
                BodyCommandCheck.check(Rig.moveTo(Double.POSITIVE_INFINITY, 0, 0)));
        assertEquals("POSTURE rejected: speed 1.5 is outside [0, 1]", BodyCommandCheck.check(Rig.posture("Stand", 1.5)));
        assertEquals("POSTURE rejected: speed NaN is outside [0, 1]", BodyCommandCheck.check(Rig.posture("Stand", Double.NaN)));
        assertEquals("INTERPOLATION rejected: fractionMaxSpeed -0.1 is outside [0, 1]",
                BodyCommandCheck.check(Rig.interpolation(-0.1, "HeadYaw", 0.0)));
        assertEquals("INTERPOLATION rejected: the angle of HeadYaw is NaN", BodyCommandCheck.check(Rig.interpolation(0.5, "HeadYaw", Double.NaN)));
        assertEquals("INTERPOLATION rejected: dja names HeadYaw twice",
                BodyCommandCheck.check(Rig.interpolation(0.5, "HeadYaw", 0.1, "HeadYaw", 0.2)));
        assertEquals("INTERPOLATION rejected: dja must name 1 to 26 joints, its count is 0", BodyCommandCheck.check(Rig.interpolation(0.5)));
        assertEquals("INTERPOLATION rejected: LHand: 1.2 is outside its range [0.0, 1.0]",
                BodyCommandCheck.check(Rig.interpolation(0.5, "LHand", 1.2)));
        assertEquals("STIFFNESS rejected: the stiffness of LArm is 2.0, outside [0, 1]", BodyCommandCheck.check(Rig.stiffness("LArm", 2.0)));
        String unknown = BodyCommandCheck.check(Rig.stiffness("Torso", 1.0));
        assertEquals(true, unknown.startsWith("STIFFNESS rejected: unknown NAO joint \"Torso\"")
                && unknown.endsWith("a stiffness may also name a chain (Head, LArm, LLeg, RLeg, RArm) or Body"), unknown);
        assertEquals("GET rejected: data_name is empty", BodyCommandCheck.check(Rig.get(" ")));
        assertEquals("a command without cmd was rejected; cmd is one of MOVE, STOP, POSTURE, INTERPOLATION, GET, STIFFNESS, MOVE_TO",
                BodyCommandCheck.check(new BodyCommand()));
    }
}
