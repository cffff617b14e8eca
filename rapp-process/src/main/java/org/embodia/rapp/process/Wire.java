package org.embodia.rapp.process;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.rapp.api.CapturedImage;
import org.embodia.rapp.api.RobotPose;

/**
 * The bytes of an {@link AppMessage}: a kind, then its fields, big-endian. A value is written by the type the RAPP API
 * declares for it, so each side reads it as the other wrote it; a reference that may be null has a presence byte.
 */
final class Wire {
    static final byte READY = 1;
    static final byte LOAD = 2;
    static final byte STARTED = 3;
    static final byte FAILED = 4;
    static final byte CALL = 5;
    static final byte REPLY = 6;
    static final byte FINISHED = 7;
    static final byte ERROR = 8;
    static final byte STOP = 9;

    private ByteBuffer out = ByteBuffer.allocate(256);

    private void room(int bytes) {
        if (out.remaining() < bytes) {
            ByteBuffer grown = ByteBuffer.allocate(Math.max(out.capacity() * 2, out.position() + bytes));
            out.flip();
            grown.put(out);
            out = grown;
        }
    }

    Wire kind(byte kind) {
        room(1);
        out.put(kind);
        return this;
    }

    Wire bool(boolean value) {
        room(1);
        out.put(value ? (byte) 1 : (byte) 0);
        return this;
    }

    Wire int32(int value) {
        room(4);
        out.putInt(value);
        return this;
    }

    Wire int64(long value) {
        room(8);
        out.putLong(value);
        return this;
    }

    Wire float64(double value) {
        room(8);
        out.putDouble(value);
        return this;
    }

    /** A string: its UTF-8 length, or -1 for null, then the bytes. */
    Wire string(String value) {
        if (value == null) {
            return int32(-1);
        }
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        int32(b.length);
        room(b.length);
        out.put(b);
        return this;
    }

    private Wire bytes(byte[] value) {
        int32(value.length);
        room(value.length);
        out.put(value);
        return this;
    }

    /** {@code value} as the RAPP API's {@code type}. */
    Wire value(Type type, Object value) {
        if (type == void.class) {
            return this;
        }
        if (type == double.class) {
            return float64((Double) value);
        }
        if (type == int.class) {
            return int32((Integer) value);
        }
        if (type == boolean.class) {
            return bool((Boolean) value);
        }
        if (type == String.class) {
            return string((String) value);
        }
        if (type == Path.class) {
            return string(value == null ? null : value.toString());
        }
        bool(value != null);
        if (value == null) {
            return this;
        }
        if (type == double[].class) {
            double[] a = (double[]) value;
            int32(a.length);
            for (double d : a) {
                float64(d);
            }
        } else if (type == RobotPose.class) {
            RobotPose p = (RobotPose) value;
            float64(p.x()).float64(p.y()).float64(p.z()).float64(p.qx()).float64(p.qy()).float64(p.qz()).float64(p.qw());
        } else if (type == CapturedImage.class) {
            CapturedImage i = (CapturedImage) value;
            int32(i.width()).int32(i.height()).string(i.encoding()).int32(i.step());
            bytes(i.data() == null ? new byte[0] : i.data());
        } else if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            List<?> list = (List<?>) value;
            int32(list.size());
            for (Object e : list) {
                value(p.getActualTypeArguments()[0], e);
            }
        } else if (type instanceof ParameterizedType p && p.getRawType() == Map.class) {
            Map<?, ?> map = (Map<?, ?>) value;
            int32(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                value(p.getActualTypeArguments()[0], e.getKey());
                value(p.getActualTypeArguments()[1], e.getValue());
            }
        } else if (type == Double.class) {
            float64((Double) value);
        } else {
            throw new IllegalArgumentException("the RAPP API's type " + type.getTypeName() + " has no encoding");
        }
        return this;
    }

    /** What was written, from position 0. */
    ByteBuffer bytes() {
        return out.flip();
    }

    /** Reads what a {@link Wire} wrote, checking every length against the bytes there are. */
    static final class Reader {
        private final ByteBuffer in;

        Reader(ByteBuffer in) {
            this.in = in.slice();
        }

        private MalformedMessageException cut() {
            return new MalformedMessageException("a message cut short at byte " + in.position() + " of " + in.limit());
        }

        byte kind() {
            try {
                return in.get();
            } catch (BufferUnderflowException e) {
                throw new MalformedMessageException("an empty message");
            }
        }

        boolean bool() {
            try {
                return in.get() != 0;
            } catch (BufferUnderflowException e) {
                throw cut();
            }
        }

        int int32() {
            try {
                return in.getInt();
            } catch (BufferUnderflowException e) {
                throw cut();
            }
        }

        long int64() {
            try {
                return in.getLong();
            } catch (BufferUnderflowException e) {
                throw cut();
            }
        }

        double float64() {
            try {
                return in.getDouble();
            } catch (BufferUnderflowException e) {
                throw cut();
            }
        }

        /** A count of items at least {@code itemBytes} long each, which must fit in what is left. */
        private int count(int itemBytes) {
            int n = int32();
            if (n < 0 || (long) n * itemBytes > in.remaining()) {
                throw new MalformedMessageException("a count of " + n + " at byte " + (in.position() - 4)
                        + " where " + in.remaining() + " bytes are left");
            }
            return n;
        }

        String string() {
            int n = int32();
            if (n == -1) {
                return null;
            }
            in.position(in.position() - 4);
            byte[] b = new byte[count(1)];
            in.get(b);
            return new String(b, StandardCharsets.UTF_8);
        }

        Object value(Type type) {
            if (type == void.class) {
                return null;
            }
            if (type == double.class) {
                return float64();
            }
            if (type == int.class) {
                return int32();
            }
            if (type == boolean.class) {
                return bool();
            }
            if (type == String.class) {
                return string();
            }
            if (type == Path.class) {
                String s = string();
                try {
                    return s == null ? null : Path.of(s);
                } catch (InvalidPathException e) {
                    throw new MalformedMessageException("not a path: " + e.getMessage());
                }
            }
            if (!bool()) {
                return null;
            }
            if (type == double[].class) {
                double[] a = new double[count(8)];
                for (int k = 0; k < a.length; k++) {
                    a[k] = float64();
                }
                return a;
            }
            if (type == RobotPose.class) {
                return new RobotPose(float64(), float64(), float64(), float64(), float64(), float64(), float64());
            }
            if (type == CapturedImage.class) {
                int width = int32();
                int height = int32();
                String encoding = string();
                int step = int32();
                byte[] data = new byte[count(1)];
                in.get(data);
                return new CapturedImage(width, height, encoding, step, data);
            }
            if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
                int n = count(1);
                List<Object> list = new ArrayList<>(n);
                for (int k = 0; k < n; k++) {
                    list.add(value(p.getActualTypeArguments()[0]));
                }
                return Collections.unmodifiableList(list);
            }
            if (type instanceof ParameterizedType p && p.getRawType() == Map.class) {
                int n = count(2);
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int k = 0; k < n; k++) {
                    map.put(value(p.getActualTypeArguments()[0]), value(p.getActualTypeArguments()[1]));
                }
                return Collections.unmodifiableMap(map);
            }
            if (type == Double.class) {
                return float64();
            }
            throw new IllegalArgumentException("the RAPP API's type " + type.getTypeName() + " has no encoding");
        }

        /** Nothing may follow the message's last field. */
        void end() {
            if (in.hasRemaining()) {
                throw new MalformedMessageException(in.remaining() + " bytes after the message's end");
            }
        }
    }
}
