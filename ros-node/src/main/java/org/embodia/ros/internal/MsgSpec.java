package org.embodia.ros.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * A message definition's text parsed as ROS's genmsg parses it: comments and blank lines dropped, constants
 * ({@code type NAME=value}) and fields ({@code type name}) in their order; and the md5 text ROS hashes for the
 * md5sum: the constants first, then the fields, each embedded message's type replaced by its md5sum.
 */
public final class MsgSpec {
    /** A field: its type as written (with any array suffix) and its name. */
    public record Field(String type, String name) {
        /** The type without an array suffix. */
        public String bareType() {
            int bracket = type.indexOf('[');
            return bracket < 0 ? type : type.substring(0, bracket);
        }

        public boolean isBuiltin() {
            return BUILTINS.contains(bareType());
        }
    }

    /** A constant: its type, name and the value's text as ROS keeps it. */
    public record Constant(String type, String name, String valueText) {
    }

    private static final Set<String> BUILTINS = Set.of("bool", "int8", "uint8", "int16", "uint16", "int32",
            "uint32", "int64", "uint64", "float32", "float64", "string", "time", "duration", "byte", "char");

    private final String fullName;
    private final String packageName;
    private final List<Field> fields = new ArrayList<>();
    private final List<Constant> constants = new ArrayList<>();

    private MsgSpec(String fullName) {
        int slash = fullName.indexOf('/');
        if (slash <= 0 || slash != fullName.lastIndexOf('/') || slash == fullName.length() - 1) {
            throw new IllegalArgumentException("a ROS message type is named package/Name, not '" + fullName + "'");
        }
        this.fullName = fullName;
        this.packageName = fullName.substring(0, slash);
    }

    /** Parses {@code text}, the definition of the type {@code fullName} ("package/Name"). */
    public static MsgSpec parse(String fullName, String text) {
        MsgSpec spec = new MsgSpec(fullName);
        for (String line : text.split("\n", -1)) {
            String clean = stripComment(line);
            if (clean.isEmpty()) {
                continue;
            }
            if (clean.indexOf('=') >= 0) {
                spec.constants.add(constant(fullName, line, clean));
            } else {
                String[] parts = clean.split("\\s+");
                if (parts.length != 2) {
                    throw new IllegalArgumentException(fullName + ": not a field 'type name': '" + line + "'");
                }
                spec.fields.add(new Field(parts[0], parts[1]));
            }
        }
        return spec;
    }

    private static Constant constant(String fullName, String line, String clean) {
        String[] words = clean.split("\\s+", 2);
        String type = words[0];
        if (!BUILTINS.contains(type) || type.equals("time") || type.equals("duration")) {
            throw new IllegalArgumentException(fullName + ": a constant of type '" + type + "': '" + line + "'");
        }
        if (type.equals("string")) {
            // a string constant's value is all right of '=', comments included, as genmsg keeps it
            int eq = line.indexOf('=');
            String name = line.substring(line.indexOf(type) + type.length(), eq).strip();
            return new Constant(type, name, line.substring(eq + 1).strip());
        }
        String[] nameValue = words.length > 1 ? words[1].split("=", -1) : new String[0];
        if (nameValue.length != 2) {
            throw new IllegalArgumentException(fullName + ": not a constant 'type NAME=value': '" + line + "'");
        }
        return new Constant(type, nameValue[0].strip(), nameValue[1].strip());
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return (hash < 0 ? line : line.substring(0, hash)).strip();
    }

    public String fullName() {
        return fullName;
    }

    public String packageName() {
        return packageName;
    }

    public List<Field> fields() {
        return fields;
    }

    public List<Constant> constants() {
        return constants;
    }

    /** The full name of an embedded message field's type: Header is std_msgs/Header, a bare name is this package's. */
    public String resolve(Field field) {
        String bare = field.bareType();
        if (bare.equals("Header")) {
            return "std_msgs/Header";
        }
        return bare.indexOf('/') >= 0 ? bare : packageName + "/" + bare;
    }

    /** The full names of the embedded message types, in the order their fields first appear. */
    public List<String> embeddedTypes() {
        List<String> names = new ArrayList<>();
        for (Field f : fields) {
            if (!f.isBuiltin()) {
                String name = resolve(f);
                if (!names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** The text whose md5 is the md5sum, given the md5sums of the embedded types by full name. */
    public String md5Text(Function<String, String> md5OfType) {
        StringBuilder text = new StringBuilder();
        for (Constant c : constants) {
            text.append(c.type()).append(' ').append(c.name()).append('=').append(c.valueText()).append('\n');
        }
        for (Field f : fields) {
            if (f.isBuiltin()) {
                text.append(f.type()).append(' ').append(f.name()).append('\n');
            } else {
                text.append(md5OfType.apply(resolve(f))).append(' ').append(f.name()).append('\n');
            }
        }
        return text.toString().strip();
    }

    /** The lower-case hex md5 of {@code text}'s UTF-8 bytes. */
    public static String md5Hex(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(32);
            for (byte b : digest) {
                hex.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
    }
}
