package org.embodia.web.internal;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.Map;

/**
 * Writes the view's values as JSON: maps, iterables, arrays, records, strings, numbers, booleans, enums and null. A
 * number that is not finite is written as null, which JSON can carry and a NaN from a sensor must not break.
 */
final class Json {
    private Json() {
    }

    static String write(Object value) {
        StringBuilder out = new StringBuilder(256);
        write(value, out);
        return out.toString();
    }

    static void write(Object v, StringBuilder out) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof CharSequence || v instanceof Enum<?> || v instanceof Character) {
            string(v.toString(), out);
        } else if (v instanceof Double || v instanceof Float) {
            number(((Number) v).doubleValue(), out);
        } else if (v instanceof Number || v instanceof Boolean) {
            out.append(v);
        } else if (v instanceof Map<?, ?> m) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(String.valueOf(e.getKey()), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (v instanceof Iterable<?> items) {
            out.append('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(item, out);
            }
            out.append(']');
        } else if (v.getClass().isArray()) {
            out.append('[');
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(Array.get(v, i), out);
            }
            out.append(']');
        } else if (v instanceof Record r) {
            out.append('{');
            RecordComponent[] components = r.getClass().getRecordComponents();
            for (int i = 0; i < components.length; i++) {
                if (i > 0) {
                    out.append(',');
                }
                string(components[i].getName(), out);
                out.append(':');
                try {
                    write(components[i].getAccessor().invoke(r), out);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + components[i] + " of " + r.getClass().getName(), e);
                }
            }
            out.append('}');
        } else {
            string(v.toString(), out);
        }
    }

    private static void number(double d, StringBuilder out) {
        if (!Double.isFinite(d)) {
            out.append("null");
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            out.append((long) d);
        } else {
            out.append(d);
        }
    }

    static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
