package org.embodia.fsm.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.embodia.api.fsm.state.BaseState;
import org.embodia.api.fsm.state.Configuration;
import org.embodia.api.fsm.state.State;
import org.embodia.api.fsm.state.StateContext;

/**
 * States for executor tests. {@code Done} completes on run number {@code runs} (default 1) with
 * {@code output} (default OK); {@code Never} never completes; {@code Boom} throws in {@code phase}.
 * Every configure call and every instance is recorded.
 */
final class TestStates implements StateLibrary {
    final List<Configuration> configured = new ArrayList<>();
    int instances;

    @Override
    public Set<String> names() {
        return Set.of("Done", "Never", "Boom");
    }

    @Override
    public State create(String name) {
        instances++;
        return switch (name) {
            case "Done" -> new Recording() {
                private long runs;

                @Override
                public boolean run(StateContext context) {
                    if (++runs >= config().getDouble("runs", 1)) {
                        output(config().getString("output", "OK"));
                        return true;
                    }
                    return false;
                }
            };
            case "Never" -> new Recording() {
                @Override
                public boolean run(StateContext context) {
                    return false;
                }
            };
            case "Boom" -> new Recording() {
                @Override
                public void start(StateContext context) {
                    boom("start");
                }

                @Override
                public boolean run(StateContext context) {
                    boom("run");
                    return false;
                }

                @Override
                public void stop(StateContext context) {
                    boom("stop");
                }

                @Override
                public void teardown(StateContext context) {
                    boom("teardown");
                }

                private void boom(String phase) {
                    if (phase.equals(config().getString("phase", "run"))) {
                        throw new IllegalStateException("gripper jammed in " + phase);
                    }
                }
            };
            default -> throw new IllegalArgumentException("no state " + name);
        };
    }

    private abstract class Recording extends BaseState {
        @Override
        public void configure(Configuration next) {
            configured.add(next);
            super.configure(next);
        }

        @Override
        public void start(StateContext context) {
        }
    }
}
