package org.embodia.ros;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * ROS's serialization of the built-in types, for {@link Message} implementations: little-endian numbers, a string
 * as its uint32 UTF-8 length and bytes, a variable-length array as its uint32 count and elements. Nothing here
 * allocates but {@link #getString} when the string read differs from the one it replaces.
 */
public final class Wire {
    private Wire() {
    }

    /** The UTF-8 length of {@code s} (an unpaired surrogate counts as the one byte '?' it is written as). */
    public static int utf8Length(String s) {
        int n = 0;
        int length = s.length();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                n++;
            } else {
                n += 3;
            }
        }
        return n;
    }

    /** The serialized size of a string: 4 and its UTF-8 length. */
    public static int stringSize(String s) {
        return 4 + utf8Length(s);
    }

    /** Writes {@code s} as ROS does: uint32 length, then UTF-8 bytes. */
    public static void putString(ByteBuffer out, String s) {
        out.putInt(utf8Length(s));
        int length = s.length();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                out.put((byte) c);
            } else if (c < 0x800) {
                out.put((byte) (0xc0 | (c >> 6))).put((byte) (0x80 | (c & 0x3f)));
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                out.put((byte) (0xf0 | (cp >> 18))).put((byte) (0x80 | ((cp >> 12) & 0x3f)))
                        .put((byte) (0x80 | ((cp >> 6) & 0x3f))).put((byte) (0x80 | (cp & 0x3f)));
            } else if (Character.isSurrogate(c)) {
                out.put((byte) '?');
            } else {
                out.put((byte) (0xe0 | (c >> 12))).put((byte) (0x80 | ((c >> 6) & 0x3f)))
                        .put((byte) (0x80 | (c & 0x3f)));
            }
        }
    }

    /**
     * Reads a string; returns {@code current} itself, allocating nothing, when the bytes read are the same ASCII
     * text, so that a message whose strings do not change reads without garbage.
     */
    public static String getString(ByteBuffer in, String current) {
        int length = count(in, 1);
        int start = in.position();
        if (current != null && current.length() == length) {
            boolean same = true;
            for (int i = 0; i < length; i++) {
                char c = current.charAt(i);
                if (c >= 0x80 || in.get(start + i) != (byte) c) {
                    same = false;
                    break;
                }
            }
            if (same) {
                in.position(start + length);
                return current;
            }
        }
        byte[] bytes = new byte[length];
        in.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * Reads a variable-length array's uint32 count and checks that {@code count * minElementSize} bytes remain,
     * so that a corrupt count does not make the reader allocate.
     */
    public static int count(ByteBuffer in, int minElementSize) {
        long count = Integer.toUnsignedLong(in.getInt());
        if (count * Math.max(1, minElementSize) > in.remaining()) {
            throw new IllegalArgumentException("an array of " + count + " elements where " + in.remaining()
                    + " bytes remain");
        }
        return (int) count;
    }

    /** Writes a fixed-length float64 array: its elements only. */
    public static void putDoubles(ByteBuffer out, double[] values) {
        for (double v : values) {
            out.putDouble(v);
        }
    }

    /** Reads a fixed-length float64 array into {@code values}, all of it. */
    public static void getDoubles(ByteBuffer in, double[] values) {
        for (int i = 0; i < values.length; i++) {
            values[i] = in.getDouble();
        }
    }

    /** Writes a bool: one byte, 0 or 1. */
    public static void putBool(ByteBuffer out, boolean value) {
        out.put(value ? (byte) 1 : (byte) 0);
    }

    /** Reads a bool: any byte but 0 is true. */
    public static boolean getBool(ByteBuffer in) {
        return in.get() != 0;
    }
}
