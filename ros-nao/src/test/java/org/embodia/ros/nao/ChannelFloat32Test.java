package org.embodia.ros.nao;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

class ChannelFloat32Test {
    @Test
    void itsMd5sumIsDebiansSensorMsgs() {
        // rosmsg md5 sensor_msgs/ChannelFloat32, Debian bookworm's ros-sensor-msgs 1.13.1
        assertEquals("3d40139cdd33dfedcb71ffeeeb42ae7f", ChannelFloat32.TYPE.md5sum());
    }

    @Test
    void itIsWrittenAsRosDoesAndReadBack() {
        ChannelFloat32 c = new ChannelFloat32();
        c.set("ab", new double[] {1.5, -2}, 2);
        ByteBuffer out = ByteBuffer.allocate(c.serializedSize()).order(ByteOrder.LITTLE_ENDIAN);
        c.serialize(out);
        assertEquals(0, out.remaining());
        byte[] expected = ByteBuffer.allocate(18).order(ByteOrder.LITTLE_ENDIAN).putInt(2).put((byte) 'a').put((byte) 'b').putInt(2)
                .putFloat(1.5f).putFloat(-2f).array();
        assertArrayEquals(expected, out.array());

        ChannelFloat32 back = new ChannelFloat32();
        back.deserialize(ByteBuffer.wrap(out.array()).order(ByteOrder.LITTLE_ENDIAN));
        assertEquals("ab", back.name);
        assertEquals(2, back.count);
        assertEquals(-2f, back.values[1]);

        ChannelFloat32 copy = new ChannelFloat32();
        copy.copyFrom(back);
        assertEquals(back.toString(), copy.toString());
    }
}
