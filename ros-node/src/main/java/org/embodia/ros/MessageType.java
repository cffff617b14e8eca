package org.embodia.ros;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import org.embodia.ros.internal.MsgSpec;

/**
 * A ROS message type: its name ("package/Name"), its definition text (the .msg file's), the md5sum and full
 * definition ROS computes from that text, and the factory of its Java messages.
 *
 * <p>The md5sum is ROS's: the md5 of the definition with comments and blank lines removed, constants first, and
 * each embedded message's type replaced by that type's md5sum. The full definition is what ROS sends in a
 * connection header's {@code message_definition}: the text, then each embedded type's text (depth first, each
 * once) after a line of 80 '=' and a line {@code MSG: package/Name}.
 *
 * @param <M> the Java class of its messages
 */
public final class MessageType<M extends Message<M>> {
    private static final String SEPARATOR = "=".repeat(80) + "\n";

    private final String name;
    private final String text;
    private final Supplier<M> factory;
    private final List<MessageType<?>> embedded;
    private final String md5Text;
    private final String md5sum;
    private final String definition;

    private MessageType(String name, String text, Supplier<M> factory, MessageType<?>[] given) {
        this.name = name;
        this.text = text;
        this.factory = Objects.requireNonNull(factory, "factory");
        MsgSpec spec = MsgSpec.parse(name, text);
        Map<String, MessageType<?>> byName = new HashMap<>();
        for (MessageType<?> t : given) {
            byName.put(t.name, t);
        }
        List<MessageType<?>> direct = new ArrayList<>();
        for (String embeddedName : spec.embeddedTypes()) {
            MessageType<?> t = byName.get(embeddedName);
            if (t == null) {
                throw new IllegalArgumentException(name + " embeds " + embeddedName + ": pass its MessageType");
            }
            direct.add(t);
        }
        this.embedded = List.copyOf(direct);
        this.md5Text = spec.md5Text(n -> byName.get(n).md5sum);
        this.md5sum = MsgSpec.md5Hex(md5Text);
        StringBuilder full = new StringBuilder(text).append('\n');
        for (MessageType<?> d : allEmbedded()) {
            full.append(SEPARATOR).append("MSG: ").append(d.name).append('\n').append(d.text).append('\n');
        }
        full.setLength(full.length() - 1);
        this.definition = full.toString();
    }

    /**
     * A message type from its definition text.
     *
     * @param name     the ROS name, "package/Name"
     * @param text     the definition, as in the .msg file
     * @param factory  makes a new message, every field at its default
     * @param embedded the types of its message fields (in any order; Header is std_msgs/Header)
     * @throws IllegalArgumentException when the text does not parse or an embedded type is missing
     */
    public static <M extends Message<M>> MessageType<M> of(String name, String text, Supplier<M> factory,
            MessageType<?>... embedded) {
        return new MessageType<>(name, text, factory, embedded);
    }

    /** The ROS name, "package/Name". */
    public String name() {
        return name;
    }

    /** The definition text, as in the .msg file. */
    public String text() {
        return text;
    }

    /** ROS's md5sum of the type, 32 lower-case hex digits. */
    public String md5sum() {
        return md5sum;
    }

    /** The full definition, as ROS sends it in {@code message_definition}. */
    public String definition() {
        return definition;
    }

    /** The types of its message fields, in their first field's order. */
    public List<MessageType<?>> embedded() {
        return embedded;
    }

    /** A new message of this type. */
    public M create() {
        return factory.get();
    }

    /** The text whose md5 is {@link #md5sum()}. */
    String md5Text() {
        return md5Text;
    }

    private List<MessageType<?>> allEmbedded() {
        List<MessageType<?>> all = new ArrayList<>();
        collect(this, all);
        List<MessageType<?>> unique = new ArrayList<>();
        for (MessageType<?> t : all) {
            if (!unique.contains(t)) {
                unique.add(t);
            }
        }
        return unique;
    }

    private static void collect(MessageType<?> type, List<MessageType<?>> into) {
        for (MessageType<?> d : type.embedded) {
            into.add(d);
            collect(d, into);
        }
    }

    @Override
    public String toString() {
        return name + " [" + md5sum + "]";
    }
}
