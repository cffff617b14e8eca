package org.embodia.scheduler.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.function.Function;

import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.scheduler.BufferWatch;

/**
 * A {@link BufferWatch}: an input buffer of its own connected to the output that writes the watched buffer, found anew
 * at each read so that it follows a swapped subsystem. Connecting and disconnecting happen on the reader's thread; the
 * loop only sees one more reader in its output's array.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class BufferTap implements BufferWatch {
    private final String subsystem;
    private final String buffer;
    /** The output writing the buffer now, or null while none runs here. */
    private final Function<BufferTap, OutputBuffer<?>> writer;
    private OutputBuffer tapped;
    private InputBuffer tap;
    private long received;
    private volatile boolean closed;

    BufferTap(String subsystem, String buffer, Function<BufferTap, OutputBuffer<?>> writer) {
        this.subsystem = subsystem;
        this.buffer = buffer;
        this.writer = writer;
    }

    @Override
    public String subsystem() {
        return subsystem;
    }

    @Override
    public String buffer() {
        return buffer;
    }

    @Override
    public synchronized Message<?> latest() {
        if (closed) {
            throw new IllegalStateException("the watch of " + subsystem + ":" + buffer + " is closed");
        }
        OutputBuffer<?> now = writer.apply(this);
        if (now != tapped) {
            detach();
            if (now != null) {
                tap = new InputBuffer(buffer, now.type(), () -> create(now.type()), true);
                now.connect(tap);
                tapped = now;
            }
        }
        if (tap == null) {
            return null;
        }
        if (tap.receive() == Freshness.NEW_DATA) {
            received++;
        }
        return tap.hasData() ? (Message<?>) tap.get() : null;
    }

    @Override
    public synchronized long sentNanos() {
        return tap == null ? 0 : tap.sentNanos();
    }

    @Override
    public synchronized long received() {
        return received;
    }

    @Override
    public synchronized void close() {
        closed = true;
        detach();
    }

    private void detach() {
        if (tapped != null) {
            tapped.disconnect(tap);
        }
        tapped = null;
        tap = null;
    }

    private static Object create(Class<?> type) {
        try {
            Constructor<?> c = type.getDeclaredConstructor();
            c.trySetAccessible();
            return c.newInstance();
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cannot create a " + type.getName() + " to watch: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot watch a buffer of " + type.getName() + ": it needs a constructor without arguments", e);
        }
    }
}
