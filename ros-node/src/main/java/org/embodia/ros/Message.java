package org.embodia.ros;

import java.nio.ByteBuffer;

/**
 * A ROS message: a mutable, preallocated object that is filled, serialized and reused. Its fields are public, named
 * as in the definition in camelCase; arrays are sequences that grow only when a longer one is set.
 *
 * <p>The buffers given to {@link #serialize} and {@link #deserialize} are in little-endian order, as ROS's
 * serialization is.
 *
 * @param <M> the message's own class
 */
public interface Message<M extends Message<M>> {
    /** Its type: the ROS name, md5sum and definition. */
    MessageType<M> type();

    /** The number of bytes {@link #serialize} writes. */
    int serializedSize();

    /** Writes the message at {@code out}'s position, which must have {@link #serializedSize()} bytes left. */
    void serialize(ByteBuffer out);

    /**
     * Reads the message from {@code in}'s position into this object, reusing its arrays and strings where they
     * fit; throws {@link java.nio.BufferUnderflowException} or {@link IllegalArgumentException} on malformed data.
     */
    void deserialize(ByteBuffer in);

    /** Makes this message equal to {@code other}, reusing this one's arrays where they fit. */
    void copyFrom(M other);
}
