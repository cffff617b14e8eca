package org.embodia.velma.api;

import java.util.ArrayList;
import java.util.List;

/**
 * velma_core_ve_body's allHwOk and its parts, as [VELMA-BEH] names them: rLwrOk ∧ lLwrOk ∧ rLwrInCmdState ∧
 * lLwrInCmdState ∧ tMotorOk ∧ hpMotorOk ∧ htMotorOk. {@link #failing} gives the parts that do not hold as bits and
 * allocates nothing, for the loop; {@link #names} spells them, for the operator who asks which device ended transparent
 * mode.
 */
public final class AllHwOk {
    /** The parts, bit i of {@link #failing}'s result being part i. */
    public static final List<String> PARTS = List.of("rLwrOk", "lLwrOk", "rLwrInCmdState", "lLwrInCmdState", "tMotorOk", "hpMotorOk",
            "htMotorOk");

    private AllHwOk() {
    }

    /** The parts that do not hold, as bits in the order of {@link #PARTS}; 0 is allHwOk. */
    public static int failing(LwrStatus right, LwrStatus left, DriveStatus torso, DriveStatus headPan, DriveStatus headTilt) {
        return bit(0, right.ok()) | bit(1, left.ok()) | bit(2, right.inCommandState()) | bit(3, left.inCommandState()) | bit(4, torso.ok())
                | bit(5, headPan.ok()) | bit(6, headTilt.ok());
    }

    private static int bit(int part, boolean holds) {
        return holds ? 0 : 1 << part;
    }

    /** The names of the parts set in {@code failing}, in the order of {@link #PARTS}. */
    public static List<String> names(int failing) {
        List<String> names = new ArrayList<>();
        for (int part = 0; part < PARTS.size(); part++) {
            if ((failing & 1 << part) != 0) {
                names.add(PARTS.get(part));
            }
        }
        return List.copyOf(names);
    }
}
