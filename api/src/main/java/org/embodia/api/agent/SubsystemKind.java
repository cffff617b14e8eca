package org.embodia.api.agent;

/**
 * The kinds of subsystem of an embodied agent ([RAPP] §2.1), with the central symbol the
 * specification uses and the suffix Velma's subsystem names carry ([VELMA-STRUCT]: {@code core/a.body/ve}).
 */
public enum SubsystemKind {
    CONTROL('c', "cs"),
    VIRTUAL_EFFECTOR('e', "ve"),
    VIRTUAL_RECEPTOR('r', "vr"),
    REAL_EFFECTOR('E', "re"),
    REAL_RECEPTOR('R', "rr");

    private final char symbol;
    private final String suffix;

    SubsystemKind(char symbol, String suffix) {
        this.symbol = symbol;
        this.suffix = suffix;
    }

    /** The specification's central symbol: c, e, r, E or R. */
    public char symbol() {
        return symbol;
    }

    /** The suffix in a subsystem's full name: cs, ve, vr, re or rr. */
    public String suffix() {
        return suffix;
    }

    /** The kind whose suffix is {@code suffix}. */
    public static SubsystemKind ofSuffix(String suffix) {
        for (SubsystemKind kind : values()) {
            if (kind.suffix.equals(suffix)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown subsystem kind '" + suffix + "': expected one of cs, ve, vr, re, rr");
    }
}
