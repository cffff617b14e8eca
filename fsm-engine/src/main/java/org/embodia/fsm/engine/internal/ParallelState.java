package org.embodia.fsm.engine.internal;

import java.util.ArrayList;
import java.util.List;

import org.embodia.api.fsm.state.BaseState;
import org.embodia.api.fsm.state.Configuration;
import org.embodia.api.fsm.state.State;
import org.embodia.api.fsm.state.StateContext;

/**
 * Runs every listed state every iteration (one after the other, as mc_rtc does) and completes when
 * all report done in the same iteration. A state with a delay (seconds, under {@code delays}) is
 * created once that much time has passed. The output is the last listed state's, unless
 * {@code outputs} (mc_rtc: {@code outputStates}) names states: then {@code A(out) | B(out)}.
 */
final class ParallelState extends BaseState {
    private final StateFactory factory;
    private final List<Child> children = new ArrayList<>();
    private double time;
    private boolean finishedFirst;

    private final class Child {
        final String name;
        final double delay;
        final Configuration config;
        final PathContext context;
        State state;
        boolean done;

        Child(String name, double delay, Configuration config, String parentPath) {
            this.name = name;
            this.delay = delay;
            this.config = config;
            this.context = new PathContext(factory.clock);
            this.context.path = parentPath + "/" + name;
        }

        void create() throws Exception {
            state = factory.create(name, config);
            state.start(context);
            factory.clock.emit("start", context.path, false);
        }
    }

    ParallelState(StateFactory factory) {
        this.factory = factory;
    }

    @Override
    public void start(StateContext context) throws Exception {
        List<String> names = config().getStrings("states");
        if (names.isEmpty()) {
            throw new IllegalArgumentException("Parallel needs at least one state under 'states'");
        }
        Configuration configs = config().get("configs");
        Configuration delays = config().get("delays");
        for (String n : names) {
            Child c = new Child(n, delays.getDouble(n, 0), configs.get(n), context.path());
            children.add(c);
            if (c.delay == 0) {
                c.create();
            }
        }
    }

    @Override
    public boolean run(StateContext context) throws Exception {
        boolean all = true;
        for (Child c : children) {
            if (c.state != null) {
                c.done = c.state.run(c.context);
                factory.clock.emit("run", c.context.path, c.done);
                all &= c.done;
            } else {
                if (time > c.delay) {
                    c.create();
                }
                all = false;
            }
        }
        time += context.dt();
        if (all && !finishedFirst) {
            finishedFirst = true;
            output(combinedOutput());
        }
        return all;
    }

    private String combinedOutput() {
        List<String> named = config().has("outputs") ? config().getStrings("outputs") : config().getStrings("outputStates");
        if (named.isEmpty()) {
            String last = children.get(children.size() - 1).state.output();
            return last == null || last.isEmpty() ? "OK" : last;
        }
        StringBuilder out = new StringBuilder();
        for (Child c : children) {
            if (named.contains(c.name)) {
                out.append(out.length() == 0 ? "" : " | ").append(c.name).append('(').append(c.state.output()).append(')');
            }
        }
        return out.length() == 0 ? "OK" : out.toString();
    }

    @Override
    public void stop(StateContext context) throws Exception {
        for (Child c : children) {
            if (c.state != null) {
                c.state.stop(c.context);
                factory.clock.emit("stop", c.context.path, false);
            }
        }
    }

    @Override
    public void teardown(StateContext context) throws Exception {
        for (Child c : children) {
            if (c.state != null) {
                c.state.teardown(c.context);
                factory.clock.emit("teardown", c.context.path, false);
                factory.release(c.state);
                c.state = null;
            }
        }
    }
}
