package org.embodia.nao.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class NaoPostureTest {
    @Test
    void thePredefinedPosturesAreFoundByNameWithTheirFamilies() {
        Map<String, PostureFamily> expected = Map.of(
                "Stand", PostureFamily.STANDING, "StandInit", PostureFamily.STANDING, "StandZero", PostureFamily.STANDING,
                "Crouch", PostureFamily.CROUCHING, "Sit", PostureFamily.SITTING, "SitRelax", PostureFamily.SITTING,
                "LyingBelly", PostureFamily.LYING_BELLY, "LyingBack", PostureFamily.LYING_BACK);
        assertEquals(expected.size(), NaoPosture.values().length);
        expected.forEach((name, family) -> {
            NaoPosture posture = NaoPosture.byName(name);
            assertEquals(name, posture.naoqiName());
            assertSame(family, posture.family(), name);
        });
        assertEquals("Crouching", NaoPosture.CROUCH.family().naoqiName());
        assertEquals("LyingBack", NaoPosture.LYING_BACK.family().naoqiName());
    }

    @Test
    void everyPostureKeepsEveryJointWithinItsLimits() {
        for (NaoPosture posture : NaoPosture.values()) {
            for (NaoJoint joint : NaoJoint.values()) {
                double value = posture.value(joint);
                assertTrue(joint.isWithinLimits(value), posture.naoqiName() + " " + joint.naoqiName() + " = " + value);
            }
            assertEquals(posture.value(NaoJoint.L_HIP_YAW_PITCH), posture.value(NaoJoint.R_HIP_YAW_PITCH), 0,
                    posture.naoqiName() + ": one motor drives both hip yaw-pitch joints");
        }
    }

    @Test
    void thePosturesLookLikeTheirNames() {
        for (NaoJoint joint : NaoJoint.values()) {
            assertTrue(Math.abs(NaoPosture.STAND_ZERO.value(joint)) <= 0.035, "StandZero: " + joint.naoqiName());
        }
        // StandInit is left-right symmetric: pitches equal, rolls and yaws mirrored.
        NaoPosture init = NaoPosture.STAND_INIT;
        assertEquals(init.value(NaoJoint.L_SHOULDER_PITCH), init.value(NaoJoint.R_SHOULDER_PITCH), 1e-12);
        assertEquals(init.value(NaoJoint.L_SHOULDER_ROLL), -init.value(NaoJoint.R_SHOULDER_ROLL), 1e-12);
        assertEquals(init.value(NaoJoint.L_ELBOW_ROLL), -init.value(NaoJoint.R_ELBOW_ROLL), 1e-12);
        assertEquals(init.value(NaoJoint.L_KNEE_PITCH), init.value(NaoJoint.R_KNEE_PITCH), 1e-12);
        // Crouching bends the knees far more than standing; sitting folds the hips.
        assertTrue(NaoPosture.CROUCH.value(NaoJoint.L_KNEE_PITCH) > 2 * NaoPosture.STAND_INIT.value(NaoJoint.L_KNEE_PITCH));
        assertTrue(NaoPosture.SIT.value(NaoJoint.L_HIP_PITCH) < -1.5);
        assertTrue(NaoPosture.STAND.value(NaoJoint.L_KNEE_PITCH) < 0.1, "Stand has straight legs");
    }

    @Test
    void copyValuesFillsNaoqisBodyOrder() {
        double[] out = new double[NaoJoint.count()];
        NaoPosture.CROUCH.copyValues(out);
        for (NaoJoint joint : NaoJoint.values()) {
            assertEquals(NaoPosture.CROUCH.value(joint), out[joint.ordinal()], 0);
        }
        assertEquals(2.11, out[NaoJoint.byName("LKneePitch").ordinal()], 0);
        assertThrows(IllegalArgumentException.class, () -> NaoPosture.CROUCH.copyValues(new double[25]));
    }

    @Test
    void anUnknownPostureIsRefusedNamingItAndThePredefinedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NaoPosture.byName("Kneel"));
        assertTrue(e.getMessage().contains("\"Kneel\"") && e.getMessage().contains("StandInit")
                && e.getMessage().contains("LyingBack"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NaoPosture.byName("stand"), "NAOqi's names are case-sensitive");
        assertThrows(IllegalArgumentException.class, () -> NaoPosture.byName("Standing"), "a family is not a posture");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NaoPosture.byName(null)).getMessage().contains("null"));
    }
}
