package org.embodia.velma.link;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.Percentiles;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.embodia.testing.Allocations;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.Pose;
import org.embodia.velma.cs.api.VelmaView;
import org.junit.jupiter.api.Test;

class LinkMessageTest {

    private static LinkMessage roundTrip(LinkMessage m) {
        ByteBuffer bytes = m.encode();
        // The receiver sees the message from its start: a copy at another offset, as the link hands it over.
        ByteBuffer copy = ByteBuffer.allocate(bytes.remaining() + 7).position(7).slice().put(bytes).flip();
        LinkMessage back = LinkMessage.decode(copy);
        assertFalse(copy.hasRemaining(), "every byte read");
        return back;
    }

    @Test
    void statusTravelsWithItsSendTimeAndAllocatesNothing() {
        BodyStatus s = new BodyStatus();
        s.rightArm.q[3] = -1.57;
        s.leftArm.q[6] = 0.25;
        s.torso.position = 0.4;
        s.headTilt.position = -0.3;
        s.safeMode = false;
        ByteBuffer out = ByteBuffer.allocate(LinkMessage.statusLength(s));
        LinkMessage.putStatus(out, 123_456_789L, s);
        assertEquals(out.capacity(), out.position());
        out.flip();
        assertEquals(LinkMessage.STATUS, LinkMessage.kind(out));
        BodyStatus back = new BodyStatus();
        assertEquals(123_456_789L, LinkMessage.status(out, back));
        assertEquals(-1.57, back.rightArm.q[3]);
        assertEquals(0.25, back.leftArm.q[6]);
        assertEquals(0.4, back.torso.position);
        assertEquals(-0.3, back.headTilt.position);
        assertFalse(back.safeMode);

        // Written and read 100 times a second on both sides: into and out of buffers kept for it.
        assertEquals(0, Allocations.warmUpThenLeastOfTenRounds(10_000, 1_000, () -> {
            out.clear();
            LinkMessage.putStatus(out, 1, s);
            out.flip();
            LinkMessage.status(out, back);
        }));
    }

    @Test
    void everyCallOfTheTaskInterfaceTravelsWhole() {
        JointImpedanceCommand joint = new JointImpedanceCommand(new double[] {1, 2, 3, 4, 5, 6, 7}, null, 0.3, 2.5, 1);
        LinkMessage.Call c = (LinkMessage.Call) roundTrip(new LinkMessage.Call(42, new LinkMessage.Joint(joint)));
        assertEquals(42, c.id());
        JointImpedanceCommand back = ((LinkMessage.Joint) c.request()).command();
        assertArrayEquals(joint.right(), back.right());
        assertNull(back.left());
        assertEquals(0.3, back.torso());
        assertEquals(2.5, back.seconds());

        JointImpedanceCommand noTorso = ((LinkMessage.Joint) ((LinkMessage.Call) roundTrip(new LinkMessage.Call(1,
                new LinkMessage.Joint(new JointImpedanceCommand(null, new double[7], null, 1, 2))))).request()).command();
        assertNull(noTorso.torso());
        assertEquals(2, noTorso.stiffnessScale());

        CartesianImpedanceCommand cart = new CartesianImpedanceCommand(null, new Pose(0.5, -0.4, 1.1, 0.1, 0.2, 0.3, false), 2);
        assertEquals(cart, ((LinkMessage.Cartesian) ((LinkMessage.Call) roundTrip(new LinkMessage.Call(2, new LinkMessage.Cartesian(cart))))
                .request()).command());
        for (LinkMessage.Request r : List.of(new LinkMessage.ExitSafeMode(), new LinkMessage.Relax(), new LinkMessage.View(),
                new LinkMessage.MotionOf(77), new LinkMessage.Head(0.5, 0.2, 2))) {
            assertEquals(r, ((LinkMessage.Call) roundTrip(new LinkMessage.Call(3, r))).request());
        }
    }

    @Test
    void repliesCarryTheMotionTheViewOrTheRefusal() {
        Motion m = new Motion(9, "jnt_imp", Motion.Phase.ABORTED, "self collision");
        assertEquals(LinkMessage.Reply.of(5, m), roundTrip(LinkMessage.Reply.of(5, m)));
        VelmaView v = new VelmaView(100, false, true, new double[] {1, 2}, new double[] {3}, 0.1, 0.2, 0.3, new double[12],
                new double[12], 0.05, "right_4-left_4", 1_700_000_000_000L, List.of("tMotorOk"), List.of("rLwrInCmdState", "lLwrInCmdState"));
        VelmaView back = ((LinkMessage.Reply) roundTrip(LinkMessage.Reply.of(6, v))).view();
        assertEquals(v.hardwareNotOk(), back.hardwareNotOk());
        assertEquals(v.hardwareNotOkWhenSafe(), back.hardwareNotOkWhenSafe());
        assertArrayEquals(v.right(), back.right());
        assertEquals(v.nearestPair(), back.nearestPair());
        assertEquals(v.firstCycleMillis(), back.firstCycleMillis());
        assertEquals(v.motorsReady(), back.motorsReady());
        LinkMessage.Reply refused = new LinkMessage.Reply(7, null, null, "right arm joint 2 is NaN", null);
        assertEquals(refused, roundTrip(refused));
        LinkMessage.Reply failed = new LinkMessage.Reply(8, null, null, null, "cs is not running");
        assertEquals(failed, roundTrip(failed));
    }

    @Test
    void fsmsAndDiagnosticsTravelWhole() {
        Map<String, Boolean> predicates = new LinkedHashMap<>();
        predicates.put("cmdExitSafe", true);
        predicates.put("veBodyStatusValid", false);
        LinkMessage.Switch s = new LinkMessage.Switch("core/a./cs", new StateSwitch(1234, "safe", "idle", predicates));
        assertEquals(s, roundTrip(s));
        assertEquals(new LinkMessage.State("core/a.body/ve", "transp"), roundTrip(new LinkMessage.State("core/a.body/ve", "transp")));
        Percentiles p = new Percentiles(10, 1.5, 2.5, 3.5, 4.5);
        LinkMessage.Diagnostics d = new LinkMessage.Diagnostics("core",
                List.of(new ActivityDiagnostics("rt", "500Hz", 1000, 2, 0, false, p, p, p, "SCHED_FIFO 80", null, 2_000_000, 3, 4, 5)),
                List.of(new SubsystemDiagnostics("core/a./cs", "rt", true, "idle", null, 999, 0, null, p)));
        assertEquals(d, roundTrip(d));
        assertEquals(new LinkMessage.Node("node /x at http://h:1/"), roundTrip(new LinkMessage.Node("node /x at http://h:1/")));
    }

    @Test
    void aMessageOfNoKindIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LinkMessage.decode(ByteBuffer.wrap(new byte[] {99})));
        assertEquals("no message of kind 99 in the link's protocol", e.getMessage());
    }
}
