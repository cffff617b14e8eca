package org.embodia.nao.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class NaoJointTest {
    private static final List<String> BODY_ORDER = List.of("HeadYaw", "HeadPitch",
            "LShoulderPitch", "LShoulderRoll", "LElbowYaw", "LElbowRoll", "LWristYaw", "LHand",
            "LHipYawPitch", "LHipRoll", "LHipPitch", "LKneePitch", "LAnklePitch", "LAnkleRoll",
            "RHipYawPitch", "RHipRoll", "RHipPitch", "RKneePitch", "RAnklePitch", "RAnkleRoll",
            "RShoulderPitch", "RShoulderRoll", "RElbowYaw", "RElbowRoll", "RWristYaw", "RHand");

    @Test
    void theJointsAreNaoqisBodyChainInOrderWith25DegreesOfFreedom() {
        assertEquals(BODY_ORDER.size(), NaoJoint.count());
        for (int i = 0; i < BODY_ORDER.size(); i++) {
            assertEquals(BODY_ORDER.get(i), NaoJoint.at(i).naoqiName());
            assertSame(NaoJoint.at(i), NaoJoint.byName(BODY_ORDER.get(i)));
        }
        long independent = Arrays.stream(NaoJoint.values()).filter(j -> !j.isCoupled()).count();
        assertEquals(NaoJoint.DEGREES_OF_FREEDOM, independent);
        assertTrue(NaoJoint.R_HIP_YAW_PITCH.isCoupled());
        assertEquals(NaoJoint.L_HIP_YAW_PITCH.min(), NaoJoint.R_HIP_YAW_PITCH.min());
        assertEquals(NaoJoint.L_HIP_YAW_PITCH.max(), NaoJoint.R_HIP_YAW_PITCH.max());
    }

    @Test
    void theLimitsAreTheDocumentedOnes() {
        assertRange(NaoJoint.byName("HeadYaw"), -2.0857, 2.0857);
        assertRange(NaoJoint.byName("HeadPitch"), -0.6720, 0.5149);
        assertRange(NaoJoint.byName("LElbowRoll"), -1.5446, -0.0349);
        assertRange(NaoJoint.byName("LHipYawPitch"), -1.145303, 0.740810);
        assertRange(NaoJoint.byName("LKneePitch"), -0.092346, 2.112528);
        assertRange(NaoJoint.byName("RKneePitch"), -0.103083, 2.120198);
        assertRange(NaoJoint.byName("RAnkleRoll"), -0.768992, 0.397935);
        assertRange(NaoJoint.byName("LHand"), 0, 1);
        assertTrue(NaoJoint.L_HAND.isHand() && NaoJoint.R_HAND.isHand() && !NaoJoint.L_WRIST_YAW.isHand());
        assertEquals(NaoJoint.Chain.RIGHT_LEG, NaoJoint.R_ANKLE_ROLL.chain());
        assertEquals("LArm", NaoJoint.L_HAND.chain().naoqiName());
        for (NaoJoint joint : NaoJoint.values()) {
            assertTrue(joint.min() < joint.max(), joint.naoqiName());
        }
    }

    @Test
    void armAndHipRangesAreMirroredLeftToRight() {
        NaoJoint[][] pairs = {
            {NaoJoint.L_SHOULDER_PITCH, NaoJoint.R_SHOULDER_PITCH}, {NaoJoint.L_SHOULDER_ROLL, NaoJoint.R_SHOULDER_ROLL},
            {NaoJoint.L_ELBOW_YAW, NaoJoint.R_ELBOW_YAW}, {NaoJoint.L_ELBOW_ROLL, NaoJoint.R_ELBOW_ROLL},
            {NaoJoint.L_WRIST_YAW, NaoJoint.R_WRIST_YAW}, {NaoJoint.L_HIP_ROLL, NaoJoint.R_HIP_ROLL}};
        for (NaoJoint[] pair : pairs) {
            assertEquals(pair[0].min(), -pair[1].max(), 0, pair[0].naoqiName());
            assertEquals(pair[0].max(), -pair[1].min(), 0, pair[0].naoqiName());
        }
        assertEquals(NaoJoint.L_HIP_PITCH.min(), NaoJoint.R_HIP_PITCH.min());
    }

    @Test
    void anUnknownNameIsRefusedNamingItAndTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NaoJoint.byName("LKnee"));
        assertTrue(e.getMessage().contains("\"LKnee\""), e.getMessage());
        assertTrue(e.getMessage().contains("LKneePitch") && e.getMessage().contains("RHand"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NaoJoint.byName("headyaw"), "NAOqi's names are case-sensitive");
        assertThrows(IllegalArgumentException.class, () -> NaoJoint.byName(""));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NaoJoint.byName(null)).getMessage().contains("null"));
        assertThrows(IllegalArgumentException.class, () -> NaoJoint.at(26));
        assertThrows(IllegalArgumentException.class, () -> NaoJoint.at(-1));
    }

    @Test
    void limitChecksIncludeTheBoundsAndExplainWhatIsOutside() {
        NaoJoint pitch = NaoJoint.HEAD_PITCH;
        assertTrue(pitch.isWithinLimits(-0.6720));
        assertTrue(pitch.isWithinLimits(0.5149));
        assertTrue(pitch.isWithinLimits(0));
        assertFalse(pitch.isWithinLimits(0.5150));
        assertFalse(pitch.isWithinLimits(Double.NEGATIVE_INFINITY));
        pitch.checkWithinLimits(0.2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pitch.checkWithinLimits(0.6));
        assertTrue(e.getMessage().contains("HeadPitch") && e.getMessage().contains("0.6")
                && e.getMessage().contains("[-0.672, 0.5149]"), e.getMessage());
        assertEquals(0.5149, pitch.clamp(1), 0);
        assertEquals(-0.6720, pitch.clamp(-1), 0);
        assertEquals(0.1, pitch.clamp(0.1), 0);
        assertFalse(NaoJoint.R_HAND.isWithinLimits(1.2));
    }

    @Test
    void naNIsRefusedByEveryLimitCheck() {
        for (NaoJoint joint : NaoJoint.values()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> joint.isWithinLimits(Double.NaN));
            assertTrue(e.getMessage().contains(joint.naoqiName()) && e.getMessage().contains("NaN"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> joint.clamp(Double.NaN));
            assertThrows(IllegalArgumentException.class, () -> joint.checkWithinLimits(Double.NaN));
        }
    }

    private static void assertRange(NaoJoint joint, double min, double max) {
        assertEquals(min, joint.min(), 0, joint.naoqiName() + " min");
        assertEquals(max, joint.max(), 0, joint.naoqiName() + " max");
    }
}
