package org.embodia.api.fsm;

/** How an executor takes a transition once its state has completed ([MCRTC-FSM]). */
public enum TransitionType {
    /** Taken at once, unless the FSM's StepByStep option is on: then it waits for {@code next}. */
    STEP_BY_STEP("StepByStep"),
    /** Taken at once. */
    AUTO("Auto"),
    /** Waits for {@code next}. */
    STRICT("Strict");

    private final String label;

    TransitionType(String label) {
        this.label = label;
    }

    /** The name definition files use. */
    public String label() {
        return label;
    }

    public static TransitionType ofLabel(String label) {
        for (TransitionType t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown transition type '" + label + "': expected StepByStep, Auto or Strict");
    }
}
