package org.embodia.fsm.engine;

import java.util.List;
import java.util.stream.Collectors;

/** A definition that was not loaded, with every problem found in it. */
public final class FsmLoadException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<Problem> problems;

    public FsmLoadException(List<Problem> problems) {
        super(problems.stream().map(Problem::toString).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }
}
