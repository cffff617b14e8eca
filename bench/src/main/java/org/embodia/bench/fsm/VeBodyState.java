package org.embodia.bench.fsm;

/** ve_body's states, for the libraries that want an enum. */
public enum VeBodyState {
    IDLE("idle"),
    SAFE("safe"),
    SAFE_ST("safe_st"),
    SAFE_ST_OK("safe_st_ok"),
    TRANSP("transp"),
    TRANSP_ST("transp_st");

    final String label;

    VeBodyState(String label) {
        this.label = label;
    }

    boolean safeMode() {
        return this == SAFE || this == SAFE_ST || this == SAFE_ST_OK;
    }
}
