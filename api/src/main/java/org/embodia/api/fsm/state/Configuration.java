package org.embodia.api.fsm.state;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A state's configuration: a tree of maps, lists, strings, numbers and booleans, as read from a
 * definition file. Immutable. {@link #merge(Configuration)} follows mc_rtc's loading rule: booleans,
 * numbers, strings and lists are overwritten, objects are merged recursively, and a value of
 * another type overwrites.
 */
public final class Configuration {
    private static final Configuration EMPTY = new Configuration(Map.of());

    private final Map<String, Object> values;

    private Configuration(Map<String, Object> values) {
        this.values = values;
    }

    public static Configuration empty() {
        return EMPTY;
    }

    /** A configuration holding a copy of {@code values}; nested maps become nested configurations' content. */
    public static Configuration of(Map<String, ?> values) {
        return values.isEmpty() ? EMPTY : new Configuration(Collections.unmodifiableMap(new LinkedHashMap<>(values)));
    }

    /** This configuration with {@code over} loaded on top of it. */
    public Configuration merge(Configuration over) {
        if (over.values.isEmpty()) {
            return this;
        }
        return new Configuration(Collections.unmodifiableMap(mergeMaps(values, over.values)));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mergeMaps(Map<String, Object> under, Map<String, Object> over) {
        Map<String, Object> out = new LinkedHashMap<>(under);
        for (Map.Entry<String, Object> e : over.entrySet()) {
            Object old = out.get(e.getKey());
            Object value = e.getValue();
            if (old instanceof Map && value instanceof Map) {
                out.put(e.getKey(), Collections.unmodifiableMap(mergeMaps((Map<String, Object>) old, (Map<String, Object>) value)));
            } else {
                out.put(e.getKey(), value);
            }
        }
        return out;
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** The raw values: nested maps, lists, strings, numbers, booleans. */
    public Map<String, Object> asMap() {
        return values;
    }

    public double getDouble(String key, double otherwise) {
        Object v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw wrongType(key, v, "a number");
    }

    public boolean getBoolean(String key, boolean otherwise) {
        Object v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        throw wrongType(key, v, "true or false");
    }

    public String getString(String key, String otherwise) {
        Object v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        if (v instanceof String s) {
            return s;
        }
        throw wrongType(key, v, "a string");
    }

    /** A list of strings; a single string counts as a list of one. */
    public List<String> getStrings(String key) {
        Object v = values.get(key);
        if (v == null) {
            return List.of();
        }
        if (v instanceof String s) {
            return List.of(s);
        }
        if (v instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
            return list.stream().map(String.class::cast).toList();
        }
        throw wrongType(key, v, "a list of strings");
    }

    /** A nested object, or an empty configuration when absent. */
    @SuppressWarnings("unchecked")
    public Configuration get(String key) {
        Object v = values.get(key);
        if (v == null) {
            return EMPTY;
        }
        if (v instanceof Map<?, ?> m) {
            return of((Map<String, ?>) m);
        }
        throw wrongType(key, v, "an object");
    }

    private static IllegalArgumentException wrongType(String key, Object v, String expected) {
        return new IllegalArgumentException("'" + key + "' must be " + expected + ", not " + v);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Configuration c && c.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
