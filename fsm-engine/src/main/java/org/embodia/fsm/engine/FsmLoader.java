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
import org.embodia.fsm.engine.internal.DefinitionReader;

/**
 * Loads FSM definitions from YAML (or JSON) text. A definition with any problem is not loaded:
 * every problem is reported at once, each with its file, line and column.
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

    public static FsmDefinition load(String file, InputStream in, Map<String, Integer> parameterOverrides) throws FsmLoadException {
        try (in) {
            return load(file, new String(in.readAllBytes(), StandardCharsets.UTF_8), parameterOverrides);
        } catch (IOException e) {
            throw new FsmLoadException(List.of(new Problem(new SourceLocation(file, 1, 1), "cannot read the definition: " + e)));
        }
    }
}
