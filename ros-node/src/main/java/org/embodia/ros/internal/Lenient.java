package org.embodia.ros.internal;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;

/**
 * A message read leniently: bytes that do not deserialize leave {@link #error} set instead of ending the connection
 * they came on, so that one malformed message costs a subscriber that message only. Its type has the wrapped type's
 * name, definition and md5sum.
 */
final class Lenient<M extends Message<M>> implements Message<Lenient<M>> {
    private final MessageType<Lenient<M>> type;
    /** The message read; half read when {@link #error} is set. */
    final M message;
    /** Why the last message read did not deserialize, or null. */
    RuntimeException error;

    private Lenient(MessageType<Lenient<M>> type, M message) {
        this.type = type;
        this.message = message;
    }

    /** The lenient type of {@code inner}'s messages. */
    static <M extends Message<M>> MessageType<Lenient<M>> typeOf(MessageType<M> inner) {
        AtomicReference<MessageType<Lenient<M>>> self = new AtomicReference<>();
        MessageType<Lenient<M>> type = MessageType.of(inner.name(), inner.text(),
                () -> new Lenient<>(self.get(), inner.create()), inner.embedded().toArray(new MessageType<?>[0]));
        self.set(type);
        return type;
    }

    @Override
    public MessageType<Lenient<M>> type() {
        return type;
    }

    @Override
    public int serializedSize() {
        return message.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        message.serialize(out);
    }

    /** Reads the frame's message; the frame is used up either way (bytes after a whole message are ignored). */
    @Override
    public void deserialize(ByteBuffer in) {
        try {
            message.deserialize(in);
            error = null;
        } catch (RuntimeException e) {
            error = e;
        } finally {
            in.position(in.limit());
        }
    }

    @Override
    public void copyFrom(Lenient<M> other) {
        message.copyFrom(other.message);
        error = other.error;
    }

    @Override
    public String toString() {
        return error == null ? message.toString() : "malformed " + type.name() + ": " + error;
    }
}
