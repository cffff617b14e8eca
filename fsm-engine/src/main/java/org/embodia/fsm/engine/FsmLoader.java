package org.embodia.fsm.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.SourceLocation;
import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.fsm.engine.internal.DefinitionReader;
import org.embodia.fsm.engine.internal.StateMachineReader;

/**
 * Loads FSM definitions from YAML (or JSON) text, in either form: an Embodied Agent FSM
 * ({@code initial:}, states with terminal, error and initial conditions) or an mc_rtc-style FSM
 * ({@code init:}, states with a base, transitions on outputs). A definition with any problem is not
 * loaded: every problem is reported at once, each with its file, line and column.
 */
public final class FsmLoader {
    private FsmLoader() {
    }

    public static FsmDefinition load(String file, String text) throws FsmLoadException {
        return load(file, text, Map.of());
    }

    /**
     * @param parameterOverrides values replacing the definition's own parameters, e.g. {@code safeIterations}
     */
    public static FsmDefinition load(String file, String text, Map<String, Integer> parameterOverrides) throws FsmLoadException {
        DefinitionReader reader = new DefinitionReader(file);
        FsmDefinition definition = reader.read(text, parameterOverrides);
        if (definition == null) {
            throw new FsmLoadException(reader.problems());
        }
        return definition;
    }

    public static FsmDefinition load(Path path, Map<String, Integer> parameterOverrides) throws FsmLoadException {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new FsmLoadException(List.of(new Problem(new SourceLocation(path.toString(), 1, 1),
                    "cannot read the definition file: " + e)));
        }
        return load(path.toString(), text, parameterOverrides);
    }

    /** Whether {@code text} is in mc_rtc's form rather than the Embodied Agent form: it has {@code init} or {@code Managed}. */
    public static boolean isStateMachine(String text) {
        return StateMachineReader.hasStateMachineKeys(text);
    }

    /**
     * Loads an FSM in mc_rtc's form. Names the state library must provide are checked when the FSM
     * is instantiated ({@link Executor#create}).
     *
     * @param file used in problems, and for the FSM's name when the file has no {@code fsm:} key
     */
    public static StateMachineDefinition loadStateMachine(String file, String text) throws FsmLoadException {
        StateMachineReader reader = new StateMachineReader(file);
        String base = file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf(':')) + 1).replaceFirst("\\.(ya?ml|json)$", "");
        StateMachineDefinition definition = reader.read(text, base);
        if (definition == null) {
            throw new FsmLoadException(reader.problems());
        }
        return definition;
    }

    public static FsmDefinition load(String file, InputStream in, Map<String, Integer> parameterOverrides) throws FsmLoadException {
        try (in) {
            return load(file, new String(in.readAllBytes(), StandardCharsets.UTF_8), parameterOverrides);
        } catch (IOException e) {
            throw new FsmLoadException(List.of(new Problem(new SourceLocation(file, 1, 1), "cannot read the definition: " + e)));
        }
    }
}
