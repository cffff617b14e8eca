package org.embodia.api.buffer;

import java.nio.ByteBuffer;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A message that can cross a process boundary: a buffer whose writer and reader run in different processes (or on
 * different machines) carries it as bytes. Its encoding has a fixed size, so both sides preallocate once; writing and
 * reading it allocate nothing. The byte order is the buffer's; both sides use the transport's.
 *
 * @param <M> the message type itself
 */
@ConsumerType
public interface WireMessage<M extends WireMessage<M>> extends Message<M> {

    /** The bytes {@link #write} puts, always the same for a type. */
    int wireSize();

    /** Puts every field at {@code out}'s position, advancing it by {@link #wireSize()}. */
    void write(ByteBuffer out);

    /** Overwrites every field with what {@link #write} put at {@code in}'s position, advancing it by {@link #wireSize()}. */
    void read(ByteBuffer in);

    /** Puts {@code values}, 8 bytes each. */
    static void putDoubles(ByteBuffer out, double[] values) {
        for (double v : values) {
            out.putDouble(v);
        }
    }

    /** Fills {@code values} with what {@link #putDoubles} put. */
    static void getDoubles(ByteBuffer in, double[] values) {
        for (int k = 0; k < values.length; k++) {
            values[k] = in.getDouble();
        }
    }

    /** Puts a boolean as one byte. */
    static void putBoolean(ByteBuffer out, boolean value) {
        out.put(value ? (byte) 1 : (byte) 0);
    }

    /** Gets what {@link #putBoolean} put; any byte but 0 is true. */
    static boolean getBoolean(ByteBuffer in) {
        return in.get() != 0;
    }

    /**
     * Gets an enum constant put as its ordinal: {@code constants} is the type's {@code values()}, kept by the caller
     * (each call of {@code values()} makes a copy); an ordinal out of range, from a writer of another version, is
     * {@code unknown}, which the reader chooses to be the safe one.
     */
    static <E extends Enum<E>> E getOrdinal(ByteBuffer in, E[] constants, E unknown) {
        int ordinal = in.get();
        return ordinal >= 0 && ordinal < constants.length ? constants[ordinal] : unknown;
    }
}
