package org.embodia.api.behavior;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

/**
 * The named predicates of a subsystem: boolean functions of its buffers and memory, by the names
 * the FSM definition uses in its conditions. Immutable; build with {@link #builder()}.
 */
public final class Predicates {
    /** True in initial conditions when the error condition, not the terminal one, ended the state. */
    public static final String IN_ERROR = "IN_ERROR";
    /** False at the check that follows an iteration in which a behaviour of the current state threw. */
    public static final String CURRENT_BEHAVIOR_OK = "CURRENT_BEHAVIOR_OK";
    public static final String TRUE = "TRUE";
    public static final String FALSE = "FALSE";
    /** Names the engine itself gives a value; no subsystem may define them. */
    public static final Set<String> RESERVED = Set.of(IN_ERROR, CURRENT_BEHAVIOR_OK, TRUE, FALSE);

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final Map<String, BooleanSupplier> functions;

    private Predicates(Map<String, BooleanSupplier> functions) {
        this.functions = Collections.unmodifiableMap(new LinkedHashMap<>(functions));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Whether {@code name} can name a predicate. */
    public static boolean isValidName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** The predicates by name, in the order they were added. */
    public Map<String, BooleanSupplier> functions() {
        return functions;
    }

    /** Collects predicates; rejects reserved, malformed and repeated names. */
    public static final class Builder {
        private final Map<String, BooleanSupplier> functions = new LinkedHashMap<>();

        public Builder add(String name, BooleanSupplier function) {
            if (!isValidName(name)) {
                throw new IllegalArgumentException("predicate name '" + name + "' is not an identifier");
            }
            if (RESERVED.contains(name)) {
                throw new IllegalArgumentException(name + " is given by the FSM engine and cannot be defined by a subsystem");
            }
            if (functions.putIfAbsent(name, function) != null) {
                throw new IllegalArgumentException("predicate '" + name + "' is defined twice");
            }
            return this;
        }

        public Predicates build() {
            return new Predicates(functions);
        }
    }
}
