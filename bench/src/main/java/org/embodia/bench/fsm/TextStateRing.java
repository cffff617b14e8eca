package org.embodia.bench.fsm;

import org.embodia.fsm.engine.Executor;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.fsm.engine.StateLibrary;

/** An mc_rtc-style FSM: ten text states, each a one-iteration Pause, in a ring of Auto transitions. */
public final class TextStateRing {
    static final int STATES = 10;
    private final Executor executor;

    public TextStateRing() throws Exception {
        StringBuilder yaml = new StringBuilder("fsm: bench.ring\nStepByStep: false\ninit: S0\nstates:\n  Step: {base: Pause, duration: 0}\n");
        for (int s = 0; s < STATES; s++) {
            yaml.append("  S").append(s).append(": {base: Step}\n");
        }
        yaml.append("transitions:\n");
        for (int s = 0; s < STATES; s++) {
            yaml.append("  - [S").append(s).append(", OK, S").append((s + 1) % STATES).append(", Auto]\n");
        }
        executor = Executor.create(FsmLoader.loadStateMachine("bench.ring.yaml", yaml.toString()), StateLibrary.NONE, 0.002, null);
    }

    /** One iteration; the state running after it. */
    public String step() {
        executor.step();
        return executor.state();
    }
}
