package org.embodia.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.DerivedPredicate;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.InputPredicate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * A trace of logged predicate values, read whole before anything is replayed so that a malformed
 * line never leaves a partial result behind. JSON Lines: one object per iteration mapping every
 * input predicate of the definition to a boolean; CURRENT_BEHAVIOR_OK may be given (true when
 * absent). Blank lines are skipped. Each iteration is packed into one long.
 */
final class Trace {
    private final long[] rows;
    private final int size;
    private final int behaviorOkBit;

    private Trace(long[] rows, int size, int behaviorOkBit) {
        this.rows = rows;
        this.size = size;
        this.behaviorOkBit = behaviorOkBit;
    }

    int size() {
        return size;
    }

    boolean input(int iteration, int index) {
        return (rows[iteration] >>> index & 1L) != 0;
    }

    boolean currentBehaviorOk(int iteration) {
        return (rows[iteration] >>> behaviorOkBit & 1L) != 0;
    }

    static Trace read(BufferedReader in, String traceName, FsmDefinition definition) throws IOException, UsageException {
        List<InputPredicate> inputs = definition.inputs();
        if (inputs.size() > 62) {
            throw new UsageException(definition.name() + " has " + inputs.size() + " input predicates; replay handles up to 62");
        }
        Map<String, Integer> bits = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            bits.put(inputs.get(i).name(), i);
        }
        int behaviorOkBit = inputs.size();
        bits.put(Predicates.CURRENT_BEHAVIOR_OK, behaviorOkBit);
        long required = (1L << inputs.size()) - 1;
        Map<String, String> forbidden = new HashMap<>();
        for (DerivedPredicate d : definition.derived()) {
            forbidden.put(d.name(), d.name() + " is derived by the definition from the FSM's history and cannot be given in a trace");
        }
        forbidden.put(Predicates.IN_ERROR, "IN_ERROR is computed by the engine and cannot be given in a trace");

        JsonFactory json = new JsonFactory();
        long[] rows = new long[1024];
        int size = 0;
        int lineNumber = 0;
        String line;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            long row = 0;
            long seen = 0;
            String where = traceName + ":" + lineNumber + ": ";
            try (JsonParser p = json.createParser(line)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    throw new UsageException(where + "expected a JSON object mapping predicate names to booleans");
                }
                JsonToken t;
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken value = p.nextToken();
                    if (forbidden.containsKey(name)) {
                        throw new UsageException(where + forbidden.get(name));
                    }
                    Integer bit = bits.get(name);
                    if (bit == null) {
                        throw new UsageException(where + "unknown predicate '" + name + "': " + definition.name()
                                + " reads " + String.join(", ", bits.keySet().stream().sorted().toList()));
                    }
                    if (value != JsonToken.VALUE_TRUE && value != JsonToken.VALUE_FALSE) {
                        throw new UsageException(where + "predicate '" + name + "' must be true or false, not " + p.getText());
                    }
                    if ((seen >>> bit & 1L) != 0) {
                        throw new UsageException(where + "predicate '" + name + "' is given twice");
                    }
                    seen |= 1L << bit;
                    if (value == JsonToken.VALUE_TRUE) {
                        row |= 1L << bit;
                    }
                }
                if (t != JsonToken.END_OBJECT) {
                    throw new UsageException(where + "malformed JSON object");
                }
                if (p.nextToken() != null) {
                    throw new UsageException(where + "one JSON object per line expected, found more after it");
                }
            } catch (JsonParseException e) {
                throw new UsageException(where + "bad JSON at column " + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
            }
            if ((seen & required) != required) {
                StringBuilder missing = new StringBuilder();
                for (int i = 0; i < inputs.size(); i++) {
                    if ((seen >>> i & 1L) == 0) {
                        missing.append(missing.length() == 0 ? "" : ", ").append(inputs.get(i).name());
                    }
                }
                throw new UsageException(where + "missing predicate(s) " + missing);
            }
            if ((seen >>> behaviorOkBit & 1L) == 0) {
                row |= 1L << behaviorOkBit;
            }
            if (size == rows.length) {
                rows = Arrays.copyOf(rows, rows.length * 2);
            }
            rows[size++] = row;
        }
        return new Trace(rows, size, behaviorOkBit);
    }
}
