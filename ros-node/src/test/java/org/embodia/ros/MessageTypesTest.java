package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.ros.msg.CartImp;
import org.embodia.ros.msg.CartImpAction;
import org.embodia.ros.msg.CartImpActionFeedback;
import org.embodia.ros.msg.CartImpActionGoal;
import org.embodia.ros.msg.CartImpActionResult;
import org.embodia.ros.msg.CartImpFeedback;
import org.embodia.ros.msg.CartImpGoal;
import org.embodia.ros.msg.CartImpResult;
import org.embodia.ros.msg.DiagnosticArray;
import org.embodia.ros.msg.DiagnosticStatus;
import org.embodia.ros.msg.Empty;
import org.embodia.ros.msg.FollowJointTrajectory;
import org.embodia.ros.msg.FollowJointTrajectoryAction;
import org.embodia.ros.msg.FollowJointTrajectoryActionFeedback;
import org.embodia.ros.msg.FollowJointTrajectoryActionGoal;
import org.embodia.ros.msg.FollowJointTrajectoryActionResult;
import org.embodia.ros.msg.FollowJointTrajectoryFeedback;
import org.embodia.ros.msg.FollowJointTrajectoryGoal;
import org.embodia.ros.msg.FollowJointTrajectoryResult;
import org.embodia.ros.msg.GoalID;
import org.embodia.ros.msg.GoalStatus;
import org.embodia.ros.msg.GoalStatusArray;
import org.embodia.ros.msg.Header;
import org.embodia.ros.msg.Image;
import org.embodia.ros.msg.Imu;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.JointTolerance;
import org.embodia.ros.msg.JointTrajectory;
import org.embodia.ros.msg.JointTrajectoryPoint;
import org.embodia.ros.msg.KeyValue;
import org.embodia.ros.msg.Odometry;
import org.embodia.ros.msg.Point;
import org.embodia.ros.msg.Pose;
import org.embodia.ros.msg.PoseWithCovariance;
import org.embodia.ros.msg.Quaternion;
import org.embodia.ros.msg.SetBool;
import org.embodia.ros.msg.StringMessage;
import org.embodia.ros.msg.TFMessage;
import org.embodia.ros.msg.Transform;
import org.embodia.ros.msg.TransformStamped;
import org.embodia.ros.msg.Trigger;
import org.embodia.ros.msg.Twist;
import org.embodia.ros.msg.TwistWithCovariance;
import org.embodia.ros.msg.Vector3;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each message type against ROS's own: the md5sum rosmsg prints, the full definition genpy generated, and the bytes
 * genpy serializes for a message with every field set (read, written again, copied: the same bytes).
 */
class MessageTypesTest {
    static final List<MessageType<?>> TYPES = List.of(Header.TYPE, StringMessage.TYPE, JointState.TYPE, Vector3.TYPE,
            Point.TYPE, Quaternion.TYPE, Transform.TYPE, TransformStamped.TYPE, TFMessage.TYPE, KeyValue.TYPE,
            DiagnosticStatus.TYPE, DiagnosticArray.TYPE, Pose.TYPE, PoseWithCovariance.TYPE, Twist.TYPE,
            TwistWithCovariance.TYPE, Odometry.TYPE, Image.TYPE, Imu.TYPE, JointTrajectoryPoint.TYPE,
            JointTrajectory.TYPE, GoalID.TYPE, GoalStatus.TYPE, GoalStatusArray.TYPE);
    static final List<ServiceType<?, ?>> SERVICES = List.of(SetBool.TYPE, Trigger.TYPE, Empty.TYPE);
    /** The types of packages Debian ships no Python for: genpy's classes come from ros-python-msgs. */
    static final List<MessageType<?>> ACTION_TYPES = List.of(JointTolerance.TYPE, FollowJointTrajectoryGoal.TYPE,
            FollowJointTrajectoryResult.TYPE, FollowJointTrajectoryFeedback.TYPE, FollowJointTrajectoryActionGoal.TYPE,
            FollowJointTrajectoryActionResult.TYPE, FollowJointTrajectoryActionFeedback.TYPE,
            FollowJointTrajectoryAction.TYPE, CartImpGoal.TYPE, CartImpResult.TYPE, CartImpFeedback.TYPE,
            CartImpActionGoal.TYPE, CartImpActionResult.TYPE, CartImpActionFeedback.TYPE, CartImpAction.TYPE);
    /**
     * control_msgs' md5sums as ROS Noetic's control_msgs 1.5 has them, the values code generated from it carries
     * (rosserial's headers, for one).
     */
    static final Map<String, String> NOETIC_CONTROL_MSGS = Map.of(
            "control_msgs/JointTolerance", "f544fe9c16cf04547e135dd6063ff5be",
            "control_msgs/FollowJointTrajectoryGoal", "69636787b6ecbde4d61d711979bc7ecb",
            "control_msgs/FollowJointTrajectoryResult", "493383b18409bfb604b4e26c676401d2",
            "control_msgs/FollowJointTrajectoryFeedback", "10817c60c2486ef6b33e97dcd87f4474",
            "control_msgs/FollowJointTrajectoryActionGoal", "cff5c1d533bf2f82dd0138d57f4304bb",
            "control_msgs/FollowJointTrajectoryActionResult", "c4fb3b000dc9da4fd99699380efcc5d9",
            "control_msgs/FollowJointTrajectoryActionFeedback", "d8920dc4eae9fc107e00999cce4be641",
            "control_msgs/FollowJointTrajectoryAction", "bc4f9b743838566551c0390c65f1a248");

    @TempDir
    Path tmp;

    @BeforeAll
    static void ros() {
        RosFixture.requireRos();
    }

    @Test
    void md5sumsAreThoseRosmsgPrints() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            Map<String, String> ours = new LinkedHashMap<>();
            Map<String, String> rosmsg = new LinkedHashMap<>();
            for (MessageType<?> t : TYPES) {
                ours.put(t.name(), t.md5sum());
                rosmsg.put(t.name(), ros.tool("rosmsg", "md5", t.name()).awaitExit().strip());
            }
            for (ServiceType<?, ?> s : SERVICES) {
                ours.put(s.name(), s.md5sum());
                rosmsg.put(s.name(), ros.tool("rossrv", "md5", s.name()).awaitExit().strip());
            }
            assertEquals(rosmsg, ours);
        }
    }

    @Test
    void definitionsAndBytesAreGenpys() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            StringBuilder names = new StringBuilder();
            for (MessageType<?> t : TYPES) {
                names.append(names.length() == 0 ? "" : " ").append(t.name());
            }
            String out = ros.python("genpy_reference.py", GENPY_REFERENCE.replace("NAMES", names)).awaitExit();
            Map<String, String[]> reference = new LinkedHashMap<>();
            for (String line : out.split("\n")) {
                String[] parts = line.split(" ");
                if (parts.length == 4 && parts[0].equals("TYPE")) {
                    reference.put(parts[1], new String[] {parts[2], parts[3]});
                }
            }
            assertEquals(TYPES.size(), reference.size(), out);
            for (MessageType<?> t : TYPES) {
                String[] ref = reference.get(t.name());
                String fullText = new String(HexFormat.of().parseHex(ref[0]), java.nio.charset.StandardCharsets.UTF_8);
                assertEquals(fullText, t.definition(), t.name() + "'s full definition");
                roundTrip(t, HexFormat.of().parseHex(ref[1]));
            }
        }
    }

    @Test
    void actionTypesAreGenpys() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            StringBuilder names = new StringBuilder();
            for (MessageType<?> t : ACTION_TYPES) {
                names.append(names.length() == 0 ? "" : " ").append(t.name());
            }
            String script = GENPY_REFERENCE + """
                    for name in 'NAMES'.split():
                        print('MD5', name, roslib.message.get_message_class(name)._md5sum)
                    """;
            String out = ros.python("genpy_actions.py",
                    ActionServerTest.withMessages(script.replace("NAMES", names))).awaitExit();
            Map<String, String> genpyMd5 = new LinkedHashMap<>();
            Map<String, String> ours = new LinkedHashMap<>();
            Map<String, String[]> reference = new LinkedHashMap<>();
            for (String line : out.split("\n")) {
                String[] parts = line.split(" ");
                if (parts.length == 4 && parts[0].equals("TYPE")) {
                    reference.put(parts[1], new String[] {parts[2], parts[3]});
                } else if (parts.length == 3 && parts[0].equals("MD5")) {
                    genpyMd5.put(parts[1], parts[2]);
                }
            }
            for (MessageType<?> t : ACTION_TYPES) {
                ours.put(t.name(), t.md5sum());
            }
            assertEquals(genpyMd5, ours, out);
            for (Map.Entry<String, String> e : NOETIC_CONTROL_MSGS.entrySet()) {
                assertEquals(e.getValue(), ours.get(e.getKey()), e.getKey() + "'s md5sum is Noetic's");
            }
            assertEquals(ACTION_TYPES.size(), reference.size(), out);
            for (MessageType<?> t : ACTION_TYPES) {
                String[] ref = reference.get(t.name());
                String fullText = new String(HexFormat.of().parseHex(ref[0]), java.nio.charset.StandardCharsets.UTF_8);
                assertEquals(fullText, t.definition(), t.name() + "'s full definition");
                roundTrip(t, HexFormat.of().parseHex(ref[1]));
            }
            assertEquals(FollowJointTrajectoryGoal.TYPE, FollowJointTrajectory.TYPE.goal());
            assertEquals(FollowJointTrajectoryResult.TYPE, FollowJointTrajectory.TYPE.result());
            assertEquals(FollowJointTrajectoryFeedback.TYPE, FollowJointTrajectory.TYPE.feedback());
            assertEquals(CartImpActionGoal.TYPE, CartImp.TYPE.actionGoal());
        }
    }

    private static <M extends Message<M>> void roundTrip(MessageType<M> type, byte[] genpy) {
        M message = type.create();
        ByteBuffer in = ByteBuffer.wrap(genpy).order(ByteOrder.LITTLE_ENDIAN);
        message.deserialize(in);
        assertEquals(0, in.remaining(), type.name() + ": bytes left after reading genpy's message");
        assertEquals(genpy.length, message.serializedSize(), type.name() + "'s size");
        assertArrayEquals(genpy, serialize(message), type.name() + " written again");
        M copy = type.create();
        copy.copyFrom(message);
        assertArrayEquals(genpy, serialize(copy), type.name() + " copied");
        M reused = type.create();
        reused.deserialize(ByteBuffer.wrap(serialize(copy)).order(ByteOrder.LITTLE_ENDIAN));
        reused.deserialize(ByteBuffer.wrap(genpy).order(ByteOrder.LITTLE_ENDIAN));
        assertArrayEquals(genpy, serialize(reused), type.name() + " read twice into one message");
    }

    static byte[] serialize(Message<?> m) {
        ByteBuffer out = ByteBuffer.allocate(m.serializedSize()).order(ByteOrder.LITTLE_ENDIAN);
        m.serialize(out);
        assertEquals(0, out.remaining());
        return out.array();
    }

    @Test
    void fieldsLandWhereGenpyPutsThem() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            String out = ros.python("genpy_fields.py", """
                    import io, sys
                    from sensor_msgs.msg import JointState, Imu
                    from actionlib_msgs.msg import GoalStatus
                    from diagnostic_msgs.msg import DiagnosticStatus, KeyValue
                    def dump(m):
                        b = io.BytesIO(); m.serialize(b); print(b.getvalue().hex())
                    js = JointState(); js.header.seq = 7; js.header.stamp.secs = 100; js.header.stamp.nsecs = 5
                    js.header.frame_id = 'base'; js.name = ['a', 'b\\u00e9']; js.position = [1.5, -2.0]
                    js.velocity = []; js.effort = [3.0]
                    dump(js)
                    imu = Imu(); imu.orientation.w = 1.0; imu.orientation_covariance[4] = 0.25
                    imu.linear_acceleration.z = 9.81
                    dump(imu)
                    gs = GoalStatus(); gs.goal_id.id = 'g1'; gs.goal_id.stamp.secs = 3; gs.status = GoalStatus.ABORTED
                    gs.text = 'failed'
                    dump(gs)
                    ds = DiagnosticStatus(level=DiagnosticStatus.WARN, name='arm', message='hot', hardware_id='hw',
                                          values=[KeyValue('t', '80')])
                    dump(ds)
                    """).awaitExit();
            String[] lines = out.strip().split("\n");

            JointState js = new JointState();
            js.header.seq = 7;
            js.header.stamp.set(100, 5);
            js.header.frameId = "base";
            js.name.setAll("a", "b\u00e9");
            js.position.setAll(1.5, -2.0);
            js.effort.setAll(3.0);
            assertEquals(lines[0], HexFormat.of().formatHex(serialize(js)), out);

            Imu imu = new Imu();
            imu.orientation.w = 1.0;
            imu.orientationCovariance[4] = 0.25;
            imu.linearAcceleration.z = 9.81;
            assertEquals(lines[1], HexFormat.of().formatHex(serialize(imu)));

            GoalStatus gs = new GoalStatus();
            gs.goalId.id = "g1";
            gs.goalId.stamp.secs = 3;
            gs.status = GoalStatus.ABORTED;
            gs.text = "failed";
            assertEquals(lines[2], HexFormat.of().formatHex(serialize(gs)));

            DiagnosticStatus ds = new DiagnosticStatus();
            ds.level = DiagnosticStatus.WARN;
            ds.name = "arm";
            ds.message = "hot";
            ds.hardwareId = "hw";
            KeyValue kv = ds.values.add();
            kv.key = "t";
            kv.value = "80";
            assertEquals(lines[3], HexFormat.of().formatHex(serialize(ds)));
            assertTrue(lines.length == 4, out);
        }
    }

    /** Prints, for each type, genpy's full text and the bytes of a message whose every field genpy set. */
    static final String GENPY_REFERENCE = """
            import io, roslib.message, genpy, rospy
            def value(t, k):
                if t.endswith(']'):
                    base = t[:t.index('[')]
                    n = t[t.index('[') + 1:-1]
                    count = int(n) if n else 1 + k % 3
                    if base in ('uint8', 'char'):
                        return bytes((k + i) % 256 for i in range(count))
                    return [value(base, k + i + 1) for i in range(count)]
                if t in ('float64', 'float32'):
                    return k + 0.5
                if t in ('int8', 'byte'):
                    return -(k % 100)
                if t in ('uint8', 'char'):
                    return k % 250
                if t in ('int16', 'int32', 'int64'):
                    return -k * 1000
                if t in ('uint16', 'uint32', 'uint64'):
                    return k * 1000
                if t == 'bool':
                    return k % 2 == 1
                if t == 'string':
                    return 's%d-\\u00e9' % k
                if t == 'time':
                    return rospy.Time(k, k * 1000)
                if t == 'duration':
                    return rospy.Duration(k, k * 1000)
                m = roslib.message.get_message_class('std_msgs/Header' if t == 'Header' else t)()
                fill(m, k * 7)
                return m
            def fill(m, k):
                for i, (name, t) in enumerate(zip(m.__slots__, m._slot_types)):
                    setattr(m, name, value(t, k + i + 1))
            for name in 'NAMES'.split():
                cls = roslib.message.get_message_class(name)
                m = cls()
                fill(m, 3)
                b = io.BytesIO()
                m.serialize(b)
                print('TYPE', name, cls._full_text.encode('utf-8').hex(), b.getvalue().hex())
            """;
}
