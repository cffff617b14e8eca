package org.embodia.velma.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;

import org.embodia.api.buffer.WireMessage;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

/** Velma's messages cross a process boundary whole: every field survives, in exactly the size each declares. */
class WireTest {
    private final Random random = new Random(7);
    private final ByteBuffer bytes = ByteBuffer.allocateDirect(4096);

    private void fill(LwrStatus s) {
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            s.q[j] = random.nextGaussian();
            s.dq[j] = random.nextGaussian();
            s.torque[j] = random.nextGaussian();
        }
        s.q[3] = Double.NaN;
        s.power = random.nextInt(128);
        s.error = random.nextBoolean();
        s.warning = true;
        s.controlMode = ControlMode.JOINT_IMPEDANCE;
        s.quality = FriQuality.PERFECT;
        s.state = FriState.COMMAND;
    }

    private void fill(DriveStatus d) {
        d.statusWord = random.nextInt(0x10000);
        d.mode = random.nextInt(11);
        d.homed = true;
        d.position = random.nextGaussian();
        d.velocity = random.nextGaussian();
        d.torque = Double.POSITIVE_INFINITY;
    }

    private <M extends WireMessage<M>> M roundTrip(M from, M to) {
        bytes.clear();
        from.write(bytes);
        assertEquals(from.wireSize(), bytes.position(), from.getClass().getSimpleName() + " writes the size it declares");
        bytes.flip();
        to.read(bytes);
        assertEquals(from.wireSize(), bytes.position(), from.getClass().getSimpleName() + " reads the size it declares");
        return to;
    }

    @Test
    void aBodyStatusSurvivesTheWireFieldByField() {
        BodyStatus s = new BodyStatus();
        fill(s.rightArm);
        fill(s.leftArm);
        fill(s.torso);
        fill(s.headPan);
        fill(s.headTilt);
        s.safeMode = false;
        BodyStatus r = roundTrip(s, new BodyStatus());
        assertEquals(s.toString(), r.toString());
        assertTrue(Double.isNaN(r.rightArm.q[3]), "NaN crosses as NaN: the reader's checks see it");
        assertFalse(r.safeMode);
        assertEquals(FriState.COMMAND, r.leftArm.state);
        assertEquals(Double.POSITIVE_INFINITY, r.headTilt.torque);
    }

    @Test
    void aBodyCommandSurvivesTheWire() {
        BodyCommand c = new BodyCommand();
        for (int j = 0; j < Velma.LWR_JOINTS; j++) {
            c.rightArm.torque[j] = random.nextGaussian();
            c.leftArm.torque[j] = random.nextGaussian();
        }
        c.torsoTorque = 12.5;
        c.headPan = -0.3;
        c.headTilt = 0.4;
        c.exitSafeState = true;
        BodyCommand r = roundTrip(c, new BodyCommand());
        assertEquals(c.toString(), r.toString());
        DriveCommand d = new DriveCommand();
        d.controlWord = DriveCommand.ENABLE_OPERATION;
        d.mode = DriveCommand.MODE_CYCLIC_POSITION;
        d.targetPosition = 0.7;
        assertEquals(d.toString(), roundTrip(d, new DriveCommand()).toString());
    }

    @Test
    void anUnknownEnumFromAnotherVersionReadsAsTheStateThatKeepsVeBodySafe() {
        LwrStatus s = new LwrStatus();
        fill(s);
        s.power = (1 << Velma.LWR_JOINTS) - 1;
        s.error = false;
        s.warning = false;
        bytes.clear();
        s.write(bytes);
        int enums = s.wireSize() - 3;
        bytes.put(enums, (byte) 99);
        bytes.put(enums + 1, (byte) -1);
        bytes.put(enums + 2, (byte) 42);
        bytes.flip();
        LwrStatus r = new LwrStatus();
        r.read(bytes);
        assertEquals(ControlMode.POSITION, r.controlMode);
        assertEquals(FriQuality.BAD, r.quality);
        assertEquals(FriState.MONITOR, r.state);
        assertFalse(r.ok() || r.inCommandState(), "not ok, not in command state: ve_body stays safe");
    }

    @Test
    void writingAndReadingAllocateNothing() {
        BodyStatus s = new BodyStatus();
        BodyStatus r = new BodyStatus();
        long allocated = Allocations.warmUpThenLeastOfTenRounds(20_000, 10_000, () -> {
            bytes.clear();
            s.write(bytes);
            bytes.flip();
            r.read(bytes);
        });
        assertEquals(0, allocated, "bytes allocated by 10,000 writes and reads of a BodyStatus");
    }
}
