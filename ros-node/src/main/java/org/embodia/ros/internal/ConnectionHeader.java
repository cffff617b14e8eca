package org.embodia.ros.internal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ROS connection header that opens each TCPROS connection: a uint32 total length, then for each field a uint32
 * length and "key=value" in UTF-8, all little-endian.
 */
public final class ConnectionHeader {
    /** The longest header read: a message definition is long, but not this long. */
    static final int MAX_LENGTH = 1 << 22;

    private ConnectionHeader() {
    }

    public static byte[] encode(Map<String, String> fields) {
        int length = 0;
        for (Map.Entry<String, String> f : fields.entrySet()) {
            length += 4 + (f.getKey() + "=" + f.getValue()).getBytes(StandardCharsets.UTF_8).length;
        }
        ByteBuffer b = ByteBuffer.allocate(4 + length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(length);
        for (Map.Entry<String, String> f : fields.entrySet()) {
            byte[] field = (f.getKey() + "=" + f.getValue()).getBytes(StandardCharsets.UTF_8);
            b.putInt(field.length).put(field);
        }
        return b.array();
    }

    public static void write(OutputStream out, Map<String, String> fields) throws IOException {
        out.write(encode(fields));
        out.flush();
    }

    public static Map<String, String> read(InputStream in) throws IOException {
        int length = readInt(in);
        if (length < 0 || length > MAX_LENGTH) {
            throw new IOException("a connection header of " + Integer.toUnsignedLong(length) + " bytes");
        }
        return decode(ByteBuffer.wrap(readFully(in, length)).order(ByteOrder.LITTLE_ENDIAN));
    }

    /** The fields of a header's body (without its total length). */
    public static Map<String, String> decode(ByteBuffer body) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        while (body.hasRemaining()) {
            if (body.remaining() < 4) {
                throw new IOException("a connection header cut in a field's length");
            }
            int n = body.getInt();
            if (n < 0 || n > body.remaining()) {
                throw new IOException("a connection header field of " + n + " bytes where " + body.remaining()
                        + " remain");
            }
            String field = new String(body.array(), body.arrayOffset() + body.position(), n, StandardCharsets.UTF_8);
            body.position(body.position() + n);
            int eq = field.indexOf('=');
            if (eq < 0) {
                throw new IOException("a connection header field without '=': " + field);
            }
            fields.put(field.substring(0, eq), field.substring(eq + 1));
        }
        return fields;
    }

    /** Reads a little-endian int32. */
    public static int readInt(InputStream in) throws IOException {
        int b0 = in.read();
        int b1 = in.read();
        int b2 = in.read();
        int b3 = in.read();
        if ((b0 | b1 | b2 | b3) < 0) {
            throw new EOFException("connection closed");
        }
        return b0 | (b1 << 8) | (b2 << 16) | (b3 << 24);
    }

    public static byte[] readFully(InputStream in, int n) throws IOException {
        byte[] bytes = new byte[n];
        readFully(in, bytes, n);
        return bytes;
    }

    public static void readFully(InputStream in, byte[] into, int n) throws IOException {
        int off = 0;
        while (off < n) {
            int r = in.read(into, off, n - off);
            if (r < 0) {
                throw new EOFException("connection closed after " + off + " of " + n + " bytes");
            }
            off += r;
        }
    }
}
