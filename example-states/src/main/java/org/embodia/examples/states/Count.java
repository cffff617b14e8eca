package org.embodia.examples.states;

import org.embodia.api.fsm.state.BaseState;
import org.embodia.api.fsm.state.State;
import org.embodia.api.fsm.state.StateContext;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

/** Completes on its {@code runs}-th run (default 1) with {@code output} (default OK). */
@Component(service = State.class, scope = ServiceScope.PROTOTYPE, property = State.NAME_PROPERTY + "=Count")
public final class Count extends BaseState {
    private long runs;

    @Override
    public void start(StateContext context) {
        runs = 0;
    }

    @Override
    public boolean run(StateContext context) {
        if (++runs >= config().getDouble("runs", 1)) {
            output(config().getString("output", "OK"));
            return true;
        }
        return false;
    }
}
