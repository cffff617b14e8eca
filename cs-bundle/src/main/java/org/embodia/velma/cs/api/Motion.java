package org.embodia.velma.cs.api;

/**
 * An accepted command and how it is doing.
 *
 * @param id the command's number, increasing
 * @param kind "exit_safe", "jnt_imp", "cart_imp", "safe_col" or "head"
 * @param phase where it is
 * @param detail why it ended as it did, or what it waits for
 */
public record Motion(long id, String kind, Phase phase, String detail) {
    public enum Phase {
        /** Not yet taken by the control subsystem. */
        PENDING,
        /** Running in its behaviour. */
        ACTIVE,
        /** Reached its goal within tolerance. */
        DONE,
        /** Left before its goal: another command, a self collision, safe mode or an error. */
        ABORTED
    }

    public boolean ended() {
        return phase == Phase.DONE || phase == Phase.ABORTED;
    }
}
