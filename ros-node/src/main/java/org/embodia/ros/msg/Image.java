package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.ByteSeq;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.Wire;

/** sensor_msgs/Image: An uncompressed image. */
public final class Image implements Message<Image> {
    public static final MessageType<Image> TYPE =
            MessageType.of("sensor_msgs/Image", Definitions.text("sensor_msgs/Image"), Image::new, Header.TYPE);

    public final Header header = new Header();
    /** uint32: 0 to 2^32 - 1. */
    public long height;
    /** uint32: 0 to 2^32 - 1. */
    public long width;
    public String encoding = "";
    /** uint8: 0 to 255. */
    public int isBigendian;
    /** uint32: 0 to 2^32 - 1. */
    public long step;
    public final ByteSeq data = new ByteSeq();

    @Override
    public MessageType<Image> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 13 + header.serializedSize() + Wire.stringSize(encoding) + data.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        header.serialize(out);
        out.putInt((int) height);
        out.putInt((int) width);
        Wire.putString(out, encoding);
        out.put((byte) isBigendian);
        out.putInt((int) step);
        data.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        header.deserialize(in);
        height = Integer.toUnsignedLong(in.getInt());
        width = Integer.toUnsignedLong(in.getInt());
        encoding = Wire.getString(in, encoding);
        isBigendian = in.get() & 0xff;
        step = Integer.toUnsignedLong(in.getInt());
        data.deserialize(in);
    }

    @Override
    public void copyFrom(Image other) {
        header.copyFrom(other.header);
        height = other.height;
        width = other.width;
        encoding = other.encoding;
        isBigendian = other.isBigendian;
        step = other.step;
        data.copyFrom(other.data);
    }

    @Override
    public String toString() {
        return "Image{header=" + header + ", height=" + height + ", width=" + width + ", encoding=" + encoding + ", isBigendian=" + isBigendian + ", step=" + step + ", data=" + data
                + "}";
    }
}
