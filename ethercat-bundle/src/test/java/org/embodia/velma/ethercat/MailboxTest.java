package org.embodia.velma.ethercat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The mailbox's side of the handshake against a scripted slave, without a network: headers, counters, refusals. */
class MailboxTest {
    private static final int DRIVE = 1;
    private static final int FULL = 0x08;

    /** A slave that records the writes and answers reads from a script. */
    private static final class ScriptedSlave implements Mailbox.Link {
        final List<byte[]> written = new ArrayList<>();
        final List<Integer> writtenAt = new ArrayList<>();
        int writeWkc = 1;
        int status;
        byte[] answer = new byte[VelmaBus.MAILBOX_BYTES];

        @Override
        public int write(int position, int ado, byte[] data, int length) {
            written.add(Arrays.copyOf(data, length));
            writtenAt.add(ado);
            return writeWkc;
        }

        @Override
        public int read(int position, int ado, byte[] into, int length) {
            if (ado == Ec.REG_SM + Ec.SM_SIZE + Ec.SM_STATUS) {
                into[0] = (byte) status;
            } else {
                System.arraycopy(answer, 0, into, 0, length);
                status = 0;
            }
            return 1;
        }

        @Override
        public String describe(int position) {
            return "slave " + position + " 'HeadPan' (station 0x1002)";
        }
    }

    private final ScriptedSlave slave = new ScriptedSlave();
    private final Mailbox mailbox = new Mailbox(VelmaBus.slaves(), slave);

    @Test
    void aMessageFillsTheWholeWriteMailboxWithAHeaderAndACounterFrom1To7() throws Exception {
        for (int i = 0; i < 8; i++) {
            mailbox.outgoing()[Mailbox.HEADER] = (byte) 0xAB;
            assertTrue(mailbox.send(DRIVE, Mailbox.TYPE_COE, 10, System.nanoTime()));
        }
        assertEquals(8, slave.written.size());
        for (int i = 0; i < 8; i++) {
            byte[] m = slave.written.get(i);
            assertEquals(VelmaBus.MAILBOX_OUT, slave.writtenAt.get(i));
            assertEquals(VelmaBus.MAILBOX_BYTES, m.length, "the last byte written is what fills the mailbox");
            assertEquals(10, Frame.u16(m, 0), "length after the header");
            assertEquals(Mailbox.TYPE_COE, m[5] & 0x0F);
            assertEquals(i % 7 + 1, m[5] >>> 4 & 0x07, "counter 1..7, never 0");
            assertEquals(0xAB, m[Mailbox.HEADER] & 0xFF);
        }
    }

    @Test
    void aFullWriteMailboxIsTriedUntilTheDeadline() throws Exception {
        slave.writeWkc = 0;
        assertFalse(mailbox.send(DRIVE, Mailbox.TYPE_COE, 10, System.nanoTime() + 1_000_000));
        assertTrue(slave.written.size() >= 1);
        int counter = slave.written.get(0)[5] >>> 4 & 0x07;
        assertTrue(slave.written.stream().allMatch(m -> (m[5] >>> 4 & 0x07) == counter), "a retry is the same message");
    }

    @Test
    void theReadMailboxIsReadOnlyWhenFullAndItsLengthChecked() throws Exception {
        assertEquals(-1, mailbox.receive(DRIVE, System.nanoTime()), "empty: nothing read");
        slave.status = FULL;
        Frame.putU16(slave.answer, 0, 10);
        slave.answer[5] = Mailbox.TYPE_COE | 1 << 4;
        assertEquals(10, mailbox.receive(DRIVE, System.nanoTime()));
        assertEquals(Mailbox.TYPE_COE, mailbox.incomingType());
        slave.status = FULL;
        Frame.putU16(slave.answer, 0, 200);
        EthercatException e = assertThrows(EthercatException.class, () -> mailbox.receive(DRIVE, System.nanoTime()));
        assertEquals("slave 1 'HeadPan' (station 0x1002) answered with a mailbox message of 200 bytes after its header; its read mailbox"
                + " holds 122", e.getMessage());
    }
}
