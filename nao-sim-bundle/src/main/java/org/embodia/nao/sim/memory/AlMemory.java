package org.embodia.nao.sim.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A key store in the manner of NAOqi's ALMemory: String keys, each holding a float, an int, a String or a float[]
 * (insertData, getData, getDataListName, getDataList keep NAOqi's names). Safe to read from one thread while another
 * writes; float arrays are copied in and out, so a caller never shares one with the store.
 *
 * <p>A float is kept in a {@link FloatCell} that later inserts overwrite in place, so that the sensor feed, which
 * writes a hundred floats every 20 ms, neither allocates nor locks: it holds the cells of its keys.
 */
public final class AlMemory {
    private static final int SUGGESTIONS = 8;

    /** Values: a {@link FloatCell}, an Integer, a String or a float[]. */
    private final Map<String, Object> data = new ConcurrentHashMap<>();

    /** A float under one key, overwritten in place; readers on other threads see each value whole. */
    public static final class FloatCell {
        private volatile float value;

        private FloatCell(float value) {
            this.value = value;
        }

        public void set(float value) {
            this.value = value;
        }

        public float get() {
            return value;
        }
    }

    public void insertData(String key, float value) {
        if (data.get(checkedKey(key)) instanceof FloatCell cell) {
            cell.set(value);
        } else {
            data.put(key, new FloatCell(value));
        }
    }

    /**
     * The cell holding the float under the key, for writing it again and again without a lookup; a key that holds
     * nothing or something else is set to 0 first.
     */
    public FloatCell floatCell(String key) {
        if (data.get(checkedKey(key)) instanceof FloatCell cell) {
            return cell;
        }
        FloatCell cell = new FloatCell(0);
        data.put(key, cell);
        return cell;
    }

    public void insertData(String key, int value) {
        data.put(checkedKey(key), value);
    }

    public void insertData(String key, String value) {
        if (value == null) {
            throw new IllegalArgumentException("ALMemory value for \"" + key + "\" is null");
        }
        data.put(checkedKey(key), value);
    }

    public void insertData(String key, float[] value) {
        if (value == null) {
            throw new IllegalArgumentException("ALMemory value for \"" + key + "\" is null");
        }
        data.put(checkedKey(key), value.clone());
    }

    /**
     * The value under the key: a {@link Float}, {@link Integer}, {@link String} or a copy of a float[].
     *
     * @throws IllegalArgumentException for a key ALMemory does not hold, naming keys that share its path
     */
    public Object getData(String key) {
        Object value = data.get(checkedKey(key));
        if (value == null) {
            throw unknown(key);
        }
        if (value instanceof FloatCell cell) {
            return cell.get();
        }
        return value instanceof float[] array ? array.clone() : value;
    }

    /**
     * What the key holds as stored, without a copy: a {@link FloatCell}, an Integer, a String or a float[] the caller
     * must not change; null for a key ALMemory does not hold. For a reader that must not allocate.
     */
    public Object peek(String key) {
        return key == null ? null : data.get(key);
    }

    /** The float under the key; an int is widened, anything else refused naming its type. */
    public float getFloat(String key) {
        Object value = getData(key);
        if (value instanceof Float f) {
            return f;
        }
        if (value instanceof Integer i) {
            return i;
        }
        throw new IllegalArgumentException("ALMemory key \"" + key + "\" holds a " + typeName(value) + ", not a float");
    }

    public boolean containsKey(String key) {
        return key != null && data.containsKey(key);
    }

    /** ALMemory.getDataListName: every key, sorted. */
    public List<String> getDataListName() {
        return data.keySet().stream().sorted().toList();
    }

    /** ALMemory.getDataList: the keys containing the text, sorted. */
    public List<String> getDataList(String filter) {
        return data.keySet().stream().filter(key -> key.contains(filter)).sorted().toList();
    }

    private IllegalArgumentException unknown(String key) {
        // Suggest the keys under the longest leading part of the path that has any
        List<String> similar = List.of();
        String prefix = key;
        while (similar.isEmpty() && prefix.lastIndexOf('/') > 0) {
            prefix = prefix.substring(0, prefix.lastIndexOf('/') + 1);
            String start = prefix;
            similar = data.keySet().stream().filter(candidate -> candidate.startsWith(start)).sorted().toList();
            prefix = prefix.substring(0, prefix.length() - 1);
        }
        StringBuilder message = new StringBuilder("ALMemory has no key \"").append(key).append('"');
        if (!similar.isEmpty()) {
            List<String> shown = new ArrayList<>(similar.subList(0, Math.min(SUGGESTIONS, similar.size())));
            message.append("; keys under \"").append(prefix).append("/\": ").append(String.join(", ", shown));
            if (similar.size() > shown.size()) {
                message.append(" and ").append(similar.size() - shown.size()).append(" more");
            }
        }
        return new IllegalArgumentException(message.toString());
    }

    private static String checkedKey(String key) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("an ALMemory key must not be null or blank, was "
                    + (key == null ? "null" : "\"" + key + "\""));
        }
        return key;
    }

    private static String typeName(Object value) {
        return value instanceof float[] ? "float[]" : value.getClass().getSimpleName();
    }
}
