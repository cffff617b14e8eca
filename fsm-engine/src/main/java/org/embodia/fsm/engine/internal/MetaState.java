package org.embodia.fsm.engine.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.fsm.SourceLocation;
import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.api.fsm.TransitionRule;
import org.embodia.api.fsm.TransitionType;
import org.embodia.api.fsm.state.BaseState;
import org.embodia.api.fsm.state.Configuration;
import org.embodia.api.fsm.state.StateContext;

/**
 * Plays its own FSM (options Managed, transitions, init, configs, StepByStep — false by default
 * here, as in mc_rtc's code). Starting it runs the inner FSM once; it completes when the inner FSM
 * completes, with the output of the inner state that completed last.
 */
final class MetaState extends BaseState {
    private final StateFactory factory;
    private ExecutorCore inner;

    MetaState(StateFactory factory) {
        this.factory = factory;
    }

    /** The inner FSM a Meta state's configuration describes. */
    @SuppressWarnings("unchecked")
    static StateMachineDefinition definition(String name, String source, Configuration c) {
        boolean managed = c.getBoolean("Managed", false);
        List<TransitionRule> transitions = new ArrayList<>();
        Object raw = c.asMap().get("transitions");
        if (raw != null && !(raw instanceof List)) {
            throw new IllegalArgumentException("'transitions' must be a list of [from, output, to, type]");
        }
        SourceLocation where = new SourceLocation(source, 1, 1);
        for (Object t : raw == null ? List.of() : (List<Object>) raw) {
            if (!(t instanceof List<?> l) || l.size() < 3 || l.size() > 4 || !l.stream().allMatch(String.class::isInstance)) {
                throw new IllegalArgumentException("a transition is [from, output, to] or [from, output, to, type], not " + t);
            }
            TransitionType type = l.size() == 4 ? TransitionType.ofLabel((String) l.get(3)) : TransitionType.STEP_BY_STEP;
            transitions.add(new TransitionRule((String) l.get(0), (String) l.get(1), (String) l.get(2), type, where));
        }
        String init = c.getString("init", null);
        if (init == null && !managed) {
            throw new IllegalArgumentException("a Meta state that is not Managed needs 'init'");
        }
        Map<String, Configuration> configs = new LinkedHashMap<>();
        Configuration cs = c.get("configs");
        cs.asMap().keySet().forEach(k -> configs.put(k, cs.get(k)));
        return new StateMachineDefinition(name, source, managed, c.getBoolean("StepByStep", false), false, init, Map.of(),
                configs, transitions);
    }

    @Override
    public void start(StateContext context) {
        StateMachineDefinition d = definition(context.path(), "", config());
        inner = new ExecutorCore(d, factory, context.path() + "/", true);
        inner.iterate();
        failIfInnerFailed();
    }

    @Override
    public boolean run(StateContext context) {
        inner.iterate();
        failIfInnerFailed();
        if (inner.complete()) {
            output(inner.output());
            return true;
        }
        return false;
    }

    private void failIfInnerFailed() {
        if (inner.error() != null) {
            throw new IllegalStateException(inner.error().message());
        }
    }

    @Override
    public void stop(StateContext context) {
        inner.stopCurrent();
    }

    @Override
    public void teardown(StateContext context) {
        inner.teardownCurrent();
    }
}
