package org.embodia.examples.states;

import org.embodia.api.fsm.state.BaseState;
import org.embodia.api.fsm.state.State;
import org.embodia.api.fsm.state.StateContext;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

/** Never completes on its own: it holds until interrupted or replaced, counting how long it held. */
@Component(service = State.class, scope = ServiceScope.PROTOTYPE, property = State.NAME_PROPERTY + "=Hold")
public final class Hold extends BaseState {
    private long held;

    @Override
    public void start(StateContext context) {
        held = 0;
    }

    @Override
    public boolean run(StateContext context) {
        held++;
        return false;
    }

    @Override
    public void stop(StateContext context) {
        output("held " + held);
    }
}
