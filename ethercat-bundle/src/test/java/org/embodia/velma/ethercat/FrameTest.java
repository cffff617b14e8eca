package org.embodia.velma.ethercat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FrameTest {
    private static final byte[] MAC = {0x02, 0x11, 0x22, 0x33, 0x44, 0x55};
    private static final int[] COMMANDS = {Ec.APRD, Ec.APWR, Ec.APRW, Ec.FPRD, Ec.FPWR, Ec.FPRW, Ec.BRD, Ec.BWR, Ec.BRW, Ec.LRD, Ec.LWR, Ec.LRW};

    @Test
    void everyCommandEncodesAndParsesBack() {
        Frame out = new Frame();
        out.start(MAC);
        for (int i = 0; i < COMMANDS.length; i++) {
            int c = COMMANDS[i];
            int address = c >= Ec.LRD ? 0x00010000 + i : Frame.physical(-i, 0x0130 + i);
            int d = out.add(c, 0x40 + i, address, i + 1);
            out.bytes()[out.data(d)] = (byte) (0xA0 + i);
        }
        Frame in = new Frame();
        int length = out.length();
        System.arraycopy(out.bytes(), 0, in.bytes(), 0, length);
        assertTrue(in.parse(length));
        assertEquals(COMMANDS.length, in.datagrams());
        for (int i = 0; i < COMMANDS.length; i++) {
            assertEquals(COMMANDS[i], in.command(i));
            assertEquals(0x40 + i, in.index(i));
            assertEquals(i + 1, in.dataLength(i));
            assertEquals(i < COMMANDS.length - 1, in.more(i), "more-follows bit of datagram " + i);
            assertEquals(0xA0 + i, in.bytes()[in.data(i)] & 0xFF);
            assertEquals(0, in.wkc(i));
            if (COMMANDS[i] >= Ec.LRD) {
                assertEquals(0x00010000 + i, in.address(i));
            } else {
                assertEquals(-i & 0xFFFF, in.adp(i));
                assertEquals(0x0130 + i, in.ado(i));
            }
        }
    }

    @Test
    void headersFollowTheWireFormat() {
        Frame f = new Frame();
        f.start(MAC);
        int d = f.add(Ec.FPRD, 7, Frame.physical(0x1001, Ec.REG_AL_STATUS), 2);
        byte[] b = f.bytes();
        assertEquals(0x88, b[12] & 0xFF);
        assertEquals(0xA4, b[13] & 0xFF);
        // EtherCAT header: 11-bit length (10 + 2 + 2 = 14) and type 1 in the top 4 bits.
        assertEquals(0x100E, Frame.u16(b, 14));
        assertEquals(Ec.FPRD, b[16]);
        assertEquals(7, b[17]);
        assertEquals(0x1001, Frame.u16(b, 18));
        assertEquals(0x0130, Frame.u16(b, 20));
        assertEquals(2, Frame.u16(b, 22));
        assertEquals(26, f.data(d));
        assertEquals(Frame.MIN_FRAME, f.length(), "padded to Ethernet's minimum");
        f.wkc(d, 3);
        assertEquals(3, Frame.u16(b, 28));
    }

    @Test
    void malformedFramesAreRejected() {
        Frame f = new Frame();
        f.start(MAC);
        f.add(Ec.BRD, 1, 0, 2);
        int length = f.length();
        f.bytes()[13] = 0x00;
        assertFalse(f.parse(length), "another EtherType");
        f.start(MAC);
        f.add(Ec.BRD, 1, 0, 2);
        Frame.putU16(f.bytes(), 14, 0x1000 | 200);
        assertFalse(f.parse(length), "EtherCAT length beyond the frame");
        assertEquals(0, f.datagrams());
    }

    @Test
    void workingCounterRules() {
        for (int c : new int[] {Ec.APRD, Ec.FPRD, Ec.BRD, Ec.LRD}) {
            assertEquals(1, Ec.wkcIncrement(c, true, false));
            assertEquals(0, Ec.wkcIncrement(c, false, false));
        }
        for (int c : new int[] {Ec.APWR, Ec.FPWR, Ec.BWR, Ec.LWR}) {
            assertEquals(1, Ec.wkcIncrement(c, false, true));
            assertEquals(0, Ec.wkcIncrement(c, false, false));
        }
        for (int c : new int[] {Ec.APRW, Ec.FPRW, Ec.BRW, Ec.LRW}) {
            assertEquals(1, Ec.wkcIncrement(c, true, false));
            assertEquals(2, Ec.wkcIncrement(c, false, true));
            assertEquals(3, Ec.wkcIncrement(c, true, true));
        }
        assertEquals(0, Ec.wkcIncrement(Ec.NOP, true, true));
    }

    @Test
    void buildingAndParsingAllocateNothing() {
        Frame f = new Frame();
        f.start(MAC);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        for (int warm = 0; warm < 2; warm++) {
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 10_000; i++) {
                f.start(MAC);
                f.add(Ec.LRW, i & 0xFF, 0, 66);
                f.add(Ec.FPRD, i & 0xFF, Frame.physical(0x1001, Ec.REG_AL_STATUS), 2);
                f.parse(f.length());
                f.wkc(0);
            }
            if (warm == 1) {
                assertEquals(0, mx.getCurrentThreadAllocatedBytes() - before);
            }
        }
    }
}
