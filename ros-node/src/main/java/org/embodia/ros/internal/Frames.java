package org.embodia.ros.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Length-prefixed frames in heap buffers that grow only when a longer one comes. */
final class Frames {
    /** The longest message read: 512 MiB. */
    static final int MAX_MESSAGE = 1 << 29;

    private Frames() {
    }

    static ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** {@code buffer} if it holds {@code capacity} bytes, else a new one at least twice as large. */
    static ByteBuffer ensure(ByteBuffer buffer, int capacity) {
        return buffer.capacity() >= capacity ? buffer : allocate(Math.max(capacity, 2 * buffer.capacity()));
    }

    /** Writes {@code frame}'s bytes from 0 to its limit. */
    static void write(OutputStream out, ByteBuffer frame) throws IOException {
        out.write(frame.array(), frame.arrayOffset(), frame.limit());
        out.flush();
    }

    /**
     * Reads a uint32 length and that many bytes into {@code buffer} (or a larger one it returns), whose position is
     * then 0 and limit the length.
     */
    static ByteBuffer read(InputStream in, ByteBuffer buffer) throws IOException {
        int length = ConnectionHeader.readInt(in);
        if (length < 0 || length > MAX_MESSAGE) {
            throw new IOException("a message of " + Integer.toUnsignedLong(length) + " bytes");
        }
        ByteBuffer b = ensure(buffer, length);
        ConnectionHeader.readFully(in, b.array(), length);
        b.clear().limit(length);
        return b;
    }
}
