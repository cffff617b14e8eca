package org.embodia.ros;

import java.nio.ByteBuffer;

/** ROS's {@code duration}: int32 seconds and int32 nanoseconds; mutable, for reuse. */
public final class RosDuration {
    /** The serialized size. */
    public static final int SIZE = 8;

    public int secs;
    public int nsecs;

    public RosDuration() {
    }

    public RosDuration(int secs, int nsecs) {
        set(secs, nsecs);
    }

    public RosDuration set(int secs, int nsecs) {
        this.secs = secs;
        this.nsecs = nsecs;
        return this;
    }

    public RosDuration set(RosDuration other) {
        return set(other.secs, other.nsecs);
    }

    /** Sets it from nanoseconds. */
    public RosDuration setNanos(long nanos) {
        return set((int) Math.floorDiv(nanos, 1_000_000_000L), (int) Math.floorMod(nanos, 1_000_000_000L));
    }

    public long toNanos() {
        return secs * 1_000_000_000L + nsecs;
    }

    public void serialize(ByteBuffer out) {
        out.putInt(secs).putInt(nsecs);
    }

    public void deserialize(ByteBuffer in) {
        secs = in.getInt();
        nsecs = in.getInt();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RosDuration d && d.secs == secs && d.nsecs == nsecs;
    }

    @Override
    public int hashCode() {
        return secs * 31 + nsecs;
    }

    @Override
    public String toString() {
        return secs + "s " + nsecs + "ns";
    }
}
