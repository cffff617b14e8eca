package org.embodia.bench.fsm;

import java.util.SplittableRandom;

/**
 * A pre-generated sequence of ve_body's five input predicates, one entry per iteration, read by
 * every machine under comparison through the same cursor, plus the derived counter of [VELMA-BEH]'s
 * safeItPassed500 for the machines that do not derive it themselves.
 */
public final class VeBodyTrace {
    public static final int LENGTH = 1 << 16;
    public static final int SAFE_ITERATIONS = 500;

    final boolean[] recvStatus = new boolean[LENGTH];
    final boolean[] recvCommand = new boolean[LENGTH];
    final boolean[] allHwOk = new boolean[LENGTH];
    final boolean[] allCmdOk = new boolean[LENGTH];
    final boolean[] cmdExitSafeState = new boolean[LENGTH];
    private int i = -1;
    private int safeRun;
    private boolean passed500;

    /**
     * Mostly what a running Velma shows — status and commands arrive, hardware and commands fine —
     * with rare dropouts, so every state and every σ is taken.
     */
    public VeBodyTrace(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int k = 0; k < LENGTH; k++) {
            recvStatus[k] = r.nextInt(400) != 0;
            recvCommand[k] = r.nextInt(300) != 0;
            allHwOk[k] = r.nextInt(1000) != 0;
            allCmdOk[k] = r.nextInt(2000) != 0;
            cmdExitSafeState[k] = r.nextInt(4) != 0;
        }
    }

    /**
     * Moves to the next iteration (wrapping around), whose predicates the current state is checked on; counts
     * consecutive checks of a safe-mode state, as the definition's safeItPassed500 does.
     */
    void advance(boolean checkedInSafeMode) {
        i = (i + 1) & (LENGTH - 1);
        safeRun = checkedInSafeMode ? safeRun + 1 : 0;
        passed500 = safeRun > SAFE_ITERATIONS;
    }

    /** Back to before the first iteration. */
    void rewind() {
        i = -1;
        safeRun = 0;
        passed500 = false;
    }

    /** Moves to the next iteration without counting: Embodia's engine derives the counter itself. */
    void next() {
        i = (i + 1) & (LENGTH - 1);
    }

    boolean recvStatus() {
        return recvStatus[i];
    }

    boolean recvCommand() {
        return recvCommand[i];
    }

    boolean allHwOk() {
        return allHwOk[i];
    }

    boolean allCmdOk() {
        return allCmdOk[i];
    }

    boolean cmdExitSafeState() {
        return cmdExitSafeState[i];
    }

    boolean safeItPassed500() {
        return passed500;
    }
}
