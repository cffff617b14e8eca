package org.embodia.ros.velma;

/** How Embodia's subsystem names appear in ROS: as Velma's subsystems are named there ([VELMA-ROS]). */
final class RosNames {
    private RosNames() {
    }

    /**
     * {@code core/a./cs} is {@code velma_core_cs}, {@code core/a.body/ve} is {@code velma_core_ve_body},
     * {@code core/a.lwr_r/re} is {@code velma_core_re_lwr_r}: the agent, the kind, then the subsystem's own name.
     */
    static String subsystem(String fullName) {
        int dot = fullName.indexOf('.');
        int slash = fullName.lastIndexOf('/');
        if (dot < 0 || slash < dot) {
            throw new IllegalArgumentException("not a subsystem's full name: '" + fullName + "'");
        }
        String agent = fullName.substring(0, dot).replace("/a", "").replace('/', '_');
        String own = fullName.substring(dot + 1, slash);
        String kind = fullName.substring(slash + 1);
        return "velma_" + agent + "_" + kind + (own.isEmpty() ? "" : "_" + own);
    }
}
