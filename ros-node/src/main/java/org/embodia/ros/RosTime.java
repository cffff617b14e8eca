package org.embodia.ros;

import java.nio.ByteBuffer;

/** ROS's {@code time}: uint32 seconds and uint32 nanoseconds since the epoch; mutable, for reuse. */
public final class RosTime {
    /** The serialized size. */
    public static final int SIZE = 8;

    /** Seconds, 0 to 2^32 - 1. */
    public long secs;
    /** Nanoseconds, 0 to 999,999,999 when normalized. */
    public long nsecs;

    public RosTime() {
    }

    public RosTime(long secs, long nsecs) {
        set(secs, nsecs);
    }

    public RosTime set(long secs, long nsecs) {
        this.secs = secs;
        this.nsecs = nsecs;
        return this;
    }

    public RosTime set(RosTime other) {
        return set(other.secs, other.nsecs);
    }

    /** Sets it from nanoseconds since the epoch. */
    public RosTime setNanos(long nanos) {
        return set(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
    }

    /** Nanoseconds since the epoch. */
    public long toNanos() {
        return secs * 1_000_000_000L + nsecs;
    }

    /** Sets it to the wall clock's time (millisecond resolution, allocating nothing). */
    public RosTime setNow() {
        return setNanos(System.currentTimeMillis() * 1_000_000L);
    }

    public void serialize(ByteBuffer out) {
        out.putInt((int) secs).putInt((int) nsecs);
    }

    public void deserialize(ByteBuffer in) {
        secs = Integer.toUnsignedLong(in.getInt());
        nsecs = Integer.toUnsignedLong(in.getInt());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RosTime t && t.secs == secs && t.nsecs == nsecs;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(secs * 31 + nsecs);
    }

    @Override
    public String toString() {
        return secs + "." + String.format("%09d", nsecs);
    }
}
