package org.embodia.nao.body;

import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.DesiredJointAngles;
import org.embodia.nao.api.JointValues;
import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.model.NaoPosture;

/**
 * Whether a command from cs may reach the real effector: every name known to NAOqi, every number
 * finite and within its range. A valid command is checked without allocating; a rejection builds
 * its reason, naming the command and the offending name or value.
 */
final class BodyCommandCheck {
    private static final NaoJoint.Chain[] CHAINS = NaoJoint.Chain.values();

    private BodyCommandCheck() {
    }

    /** Null when {@code c} is valid; otherwise why it is rejected. */
    static String check(BodyCommand c) {
        if (c.cmd == null) {
            return "a command without cmd was rejected; cmd is one of MOVE, STOP, POSTURE, INTERPOLATION, GET, STIFFNESS, MOVE_TO";
        }
        return switch (c.cmd) {
            case STOP -> null;
            case MOVE -> c.velocity.isFinite() ? null : rejected(c, "velocity " + c.velocity + " is not finite");
            case MOVE_TO -> c.dpose.isFinite() ? null : rejected(c, "dpose " + c.dpose + " is not finite");
            case POSTURE -> posture(c);
            case INTERPOLATION -> interpolation(c);
            case STIFFNESS -> stiffness(c);
            case GET -> c.dataName == null || c.dataName.isBlank() ? rejected(c, "data_name is empty") : null;
        };
    }

    private static String rejected(BodyCommand c, String why) {
        return c.cmd + " rejected: " + why;
    }

    private static boolean isFraction(double value) {
        return value >= 0 && value <= 1;
    }

    private static String posture(BodyCommand c) {
        try {
            NaoPosture.byName(c.dpost.posture);
        } catch (IllegalArgumentException e) {
            return rejected(c, e.getMessage());
        }
        return isFraction(c.dpost.speed) ? null : rejected(c, "speed " + c.dpost.speed + " is outside [0, 1]");
    }

    private static String interpolation(BodyCommand c) {
        DesiredJointAngles dja = c.dja;
        if (dja.count < 1 || dja.count > DesiredJointAngles.CAPACITY) {
            return rejected(c, "dja must name 1 to " + DesiredJointAngles.CAPACITY + " joints, its count is " + dja.count);
        }
        for (int k = 0; k < dja.count; k++) {
            NaoJoint joint;
            try {
                joint = NaoJoint.byName(dja.joints[k]);
            } catch (IllegalArgumentException e) {
                return rejected(c, e.getMessage());
            }
            if (named(dja.joints, k)) {
                return rejected(c, "dja names " + dja.joints[k] + " twice");
            }
            double value = dja.values[k];
            if (!Double.isFinite(value)) {
                return rejected(c, "the angle of " + joint.naoqiName() + " is " + value);
            }
            try {
                joint.checkWithinLimits(value);
            } catch (IllegalArgumentException e) {
                return rejected(c, e.getMessage());
            }
        }
        return isFraction(dja.fractionMaxSpeed) ? null : rejected(c, "fractionMaxSpeed " + dja.fractionMaxSpeed + " is outside [0, 1]");
    }

    private static String stiffness(BodyCommand c) {
        JointValues s = c.stiffness;
        if (s.count < 1 || s.count > JointValues.CAPACITY) {
            return rejected(c, "stiffness must name 1 to " + JointValues.CAPACITY + " joints, its count is " + s.count);
        }
        for (int k = 0; k < s.count; k++) {
            String name = s.joints[k];
            if (!isBodyOrChain(name)) {
                try {
                    NaoJoint.byName(name);
                } catch (IllegalArgumentException e) {
                    return rejected(c, e.getMessage() + "; a stiffness may also name a chain (Head, LArm, LLeg, RLeg, RArm) or Body");
                }
            }
            if (named(s.joints, k)) {
                return rejected(c, "stiffness names " + name + " twice");
            }
            if (!isFraction(s.values[k])) {
                return rejected(c, "the stiffness of " + name + " is " + s.values[k] + ", outside [0, 1]");
            }
        }
        return null;
    }

    /** Besides single joints, a stiffness may name a chain or the whole body, as NAOqi accepts (and §3.1.5 sends "Body"). */
    private static boolean isBodyOrChain(String name) {
        if (NaoBody.WHOLE_BODY.equals(name)) {
            return true;
        }
        for (NaoJoint.Chain chain : CHAINS) {
            if (chain.naoqiName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code names[k]} also appears before index k. */
    private static boolean named(String[] names, int k) {
        for (int j = 0; j < k; j++) {
            if (names[j].equals(names[k])) {
                return true;
            }
        }
        return false;
    }
}
