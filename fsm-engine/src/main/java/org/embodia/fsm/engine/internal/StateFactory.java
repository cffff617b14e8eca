package org.embodia.fsm.engine.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.embodia.api.fsm.SourceLocation;
import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.api.fsm.TextState;
import org.embodia.api.fsm.TransitionRule;
import org.embodia.api.fsm.state.Configuration;
import org.embodia.api.fsm.state.State;
import org.embodia.fsm.engine.Problem;
import org.embodia.fsm.engine.StateLibrary;

/**
 * Creates states by name: text states of the definition, configured along their inheritance, on
 * top of the library's implementations and the built-in Pause, Parallel and Meta.
 */
public final class StateFactory {
    static final String PAUSE = "Pause";
    static final String PARALLEL = "Parallel";
    static final String META = "Meta";
    private static final Set<String> BUILT_INS = Set.of(PAUSE, PARALLEL, META);

    private final Map<String, TextState> textStates;
    private final StateLibrary library;
    final RunClock clock;

    public StateFactory(Map<String, TextState> textStates, StateLibrary library, RunClock clock) {
        this.textStates = textStates;
        this.library = library;
        this.clock = clock;
    }

    boolean has(String name) {
        return textStates.containsKey(name) || implemented(name);
    }

    private boolean implemented(String name) {
        return BUILT_INS.contains(name) || library.names().contains(name);
    }

    /** The implementation a name ends at after following text bases, or null if it ends nowhere. */
    String implementationOf(String name) {
        String n = name;
        for (int guard = 0; guard <= textStates.size() && textStates.containsKey(n); guard++) {
            n = textStates.get(n).base();
        }
        return implemented(n) ? n : null;
    }

    /** Every name a state can be created by. */
    Set<String> names() {
        Set<String> all = new TreeSet<>(BUILT_INS);
        all.addAll(library.names());
        all.addAll(textStates.keySet());
        return all;
    }

    /**
     * A new, configured instance: configure is called once per inheritance level, from the
     * implementation's nearest text state outwards, then with {@code extra} when given.
     */
    State create(String name, Configuration extra) {
        if (!textStates.containsKey(name)) {
            State s = instantiate(name);
            if (extra != null && !extra.isEmpty()) {
                s.configure(extra);
            }
            return s;
        }
        List<TextState> chain = new ArrayList<>();
        String n = name;
        while (textStates.containsKey(n)) {
            chain.add(textStates.get(n));
            n = textStates.get(n).base();
        }
        State s = instantiate(n);
        for (int i = chain.size() - 1; i >= 0; i--) {
            s.configure(chain.get(i).config());
        }
        if (extra != null && !extra.isEmpty()) {
            s.configure(extra);
        }
        return s;
    }

    private State instantiate(String name) {
        if (library.names().contains(name)) {
            return library.create(name);
        }
        return switch (name) {
            case PAUSE -> new PauseState();
            case PARALLEL -> new ParallelState(this);
            case META -> new MetaState(this);
            default -> library.create(name);
        };
    }

    void release(State state) {
        if (!(state instanceof PauseState || state instanceof ParallelState || state instanceof MetaState)) {
            library.release(state);
        }
    }

    /** The configuration a state is created with in an FSM: its text inheritance, then the FSM's configs entry. */
    Configuration effectiveConfiguration(String name, Configuration extra) {
        List<Configuration> layers = new ArrayList<>();
        String n = name;
        while (textStates.containsKey(n) && layers.size() <= textStates.size()) {
            layers.add(0, textStates.get(n).config());
            n = textStates.get(n).base();
        }
        Configuration c = Configuration.empty();
        for (Configuration layer : layers) {
            c = c.merge(layer);
        }
        return extra == null ? c : c.merge(extra);
    }

    /** What cannot be created in {@code d}, each problem at the place that names it. */
    public List<Problem> validate(StateMachineDefinition d) {
        List<Problem> problems = new ArrayList<>();
        SourceLocation top = new SourceLocation(d.source(), 1, 1);
        for (TextState s : textStates.values()) {
            // Only where the chain breaks: the states inheriting from it are not reported again.
            if (!has(s.base())) {
                problems.add(new Problem(s.location(), "unknown base '" + s.base() + "' of state '" + s.name() + "' (available: "
                        + String.join(", ", names()) + ")"));
            }
        }
        validateNames(d, top, problems);
        for (TextState s : textStates.values()) {
            validateComposite(s.name(), d.configs().get(s.name()), s.location(), problems);
        }
        return problems;
    }

    /** The names a machine's init, transitions and configs use. */
    private void validateNames(StateMachineDefinition d, SourceLocation where, List<Problem> problems) {
        if (d.init() != null && !has(d.init())) {
            problems.add(new Problem(where, "unknown initial state '" + d.init() + "' (available: " + String.join(", ", names()) + ")"));
        }
        for (TransitionRule t : d.transitions()) {
            for (String n : List.of(t.from(), t.to())) {
                if (!has(n)) {
                    problems.add(new Problem(t.location(), "unknown state '" + n + "' in transition [" + t.from() + ", " + t.output()
                            + ", " + t.to() + "] (available: " + String.join(", ", names()) + ")"));
                }
            }
        }
        for (String n : d.configs().keySet()) {
            if (!has(n)) {
                problems.add(new Problem(where, "configs names an unknown state '" + n + "'"));
            }
        }
    }

    /** Meta and Parallel states name other states in their configuration: check those names too. */
    private void validateComposite(String name, Configuration extra, SourceLocation where, List<Problem> problems) {
        String impl = implementationOf(name);
        if (!META.equals(impl) && !PARALLEL.equals(impl)) {
            return;
        }
        Configuration c = effectiveConfiguration(name, extra);
        try {
            if (META.equals(impl)) {
                validateNames(MetaState.definition(name, where.file(), c), where, problems);
            } else {
                List<String> states = c.getStrings("states");
                if (states.isEmpty()) {
                    problems.add(new Problem(where, "Parallel state '" + name + "' needs 'states', the states it runs"));
                }
                for (String s : states) {
                    if (!has(s)) {
                        problems.add(new Problem(where, "Parallel state '" + name + "' runs an unknown state '" + s + "'"));
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            problems.add(new Problem(where, "state '" + name + "': " + e.getMessage()));
        }
    }
}
