package org.embodia.ros.nao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.SensorStatus;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosPublisher;
import org.embodia.ros.msg.Image;
import org.embodia.ros.msg.Imu;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.Odometry;
import org.embodia.ros.msg.TFMessage;
import org.embodia.scheduler.BufferWatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The bridge over watches that hand it messages as the loop would, publishing to recording topics. */
class BridgeTest {
    private static final long MS = 1_000_000L;
    private static final long OFFSET = 1_764_000_000_000_000_000L;

    /** A topic that keeps a copy of everything published. */
    static final class Topic<M extends Message<M>> implements RosPublisher<M> {
        final String name;
        final MessageType<M> type;
        final boolean latched;
        final List<M> published = new ArrayList<>();

        Topic(String name, MessageType<M> type, boolean latched) {
            this.name = name;
            this.type = type;
            this.latched = latched;
        }

        @Override
        public String topic() {
            return name;
        }

        @Override
        public MessageType<M> type() {
            return type;
        }

        @Override
        public boolean isLatched() {
            return latched;
        }

        @Override
        public void publish(M message) {
            M copy = type.create();
            copy.copyFrom(message);
            published.add(copy);
        }

        @Override
        public int subscriberCount() {
            return 0;
        }

        @Override
        public void close() {
        }

        M last() {
            return published.get(published.size() - 1);
        }
    }

    /** A watch handing out what the test put in it, as sent at a given time. */
    static final class Watch implements BufferWatch {
        org.embodia.api.buffer.Message<?> message;
        long sent;
        long received;

        void send(org.embodia.api.buffer.Message<?> m, long sentNanos) {
            message = m;
            sent = sentNanos;
            received++;
        }

        @Override
        public String subsystem() {
            return "test";
        }

        @Override
        public String buffer() {
            return "status";
        }

        @Override
        public org.embodia.api.buffer.Message<?> latest() {
            return message;
        }

        @Override
        public long sentNanos() {
            return sent;
        }

        @Override
        public long received() {
            return received;
        }

        @Override
        public void close() {
        }
    }

    private final Map<String, Topic<?>> topics = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final Watch body = new Watch();
    private final Watch pose = new Watch();
    private final Watch camCommand = new Watch();
    private final Watch cam = new Watch();
    private final Watch touch = new Watch();
    private final Watch inertial = new Watch();
    private final Watch fsr = new Watch();
    private NaoWatches watches;
    private Bridge bridge;

    @BeforeEach
    void advertise() {
        Bridge.Advertiser node = new Bridge.Advertiser() {
            @Override
            public <M extends Message<M>> RosPublisher<M> advertise(String topic, MessageType<M> type, boolean latch) {
                Topic<M> t = new Topic<>(topic, type, latch);
                topics.put(topic, t);
                return t;
            }
        };
        bridge = new Bridge(node, new Bridge.Rates(50, 15, 10), problems::add);
        watches = new NaoWatches(null, List.of(body, pose, camCommand, cam, touch, inertial, fsr));
    }

    @SuppressWarnings("unchecked")
    private <M extends Message<M>> Topic<M> topic(String name, MessageType<M> type) {
        Topic<?> t = topics.get(name);
        assertEquals(type, t.type, name);
        return (Topic<M>) t;
    }

    @Test
    void itAdvertisesNaoqiDriversTopicsLatchingThoseThatComeOnlyWhenCsAsks() {
        assertEquals(List.of("/joint_states", "/naoqi_driver/odom", "/tf", "/naoqi_driver/imu/torso", "/naoqi_driver/camera/front/image_raw",
                "/naoqi_driver/camera/bottom/image_raw", "/naoqi_driver/head_touch", "/naoqi_driver/hand_touch", "/naoqi_driver/bumper",
                "/naoqi_driver/inertial", "/naoqi_driver/fsr"), List.copyOf(topics.keySet()));
        assertFalse(topics.get("/joint_states").latched);
        assertFalse(topics.get("/tf").latched);
        assertTrue(topics.get("/naoqi_driver/camera/front/image_raw").latched);
        assertTrue(topics.get("/naoqi_driver/bumper").latched);
        assertTrue(topics.get("/naoqi_driver/fsr").latched);
    }

    @Test
    void eachBodyStatusIsOneJointStateAtFiftyHertzAndTheImuTakesOneInFive() {
        BodyEffectorStatus s = new BodyEffectorStatus();
        for (int step = 0; step < 250; step++) {
            s.cja.clear();
            s.cja.add("HeadYaw", 0.001 * step);
            s.cja.add("RHand", 0.5);
            s.im.set(0.002 * step, 0.1);
            body.send(s, 1_000 * MS + step * 20 * MS);
            bridge.poll(watches, OFFSET);
            bridge.poll(watches, OFFSET);
        }
        Topic<JointState> js = topic("/joint_states", JointState.TYPE);
        assertEquals(250, js.published.size(), "one per message, although polled twice each");
        JointState last = js.last();
        assertEquals(0.249, last.position.get(0), 1e-12);
        assertEquals("RHand", last.name.get(1));
        assertEquals(250, last.header.seq);
        long stamp = OFFSET + 1_000 * MS + 249 * 20 * MS;
        assertEquals(stamp, last.header.stamp.toNanos(), "stamped with the wall-clock time the loop sent it");

        Topic<Imu> imu = topic("/naoqi_driver/imu/torso", Imu.TYPE);
        assertEquals(50, imu.published.size(), 1, "10 Hz of a five-second run");
        assertEquals(0.1, imu.last().angularVelocity.z);
        Imu first = imu.published.get(0);
        assertEquals(0, first.orientation.z);
        assertEquals(1, first.orientation.w);
    }

    @Test
    void posesBecomeOdometryAndTfAtFifteenHertzWithTheTwistBetweenThem() {
        BodyStatus s = new BodyStatus();
        for (int step = 0; step < 50; step++) {
            s.pose.set(0.002 * step, 0, 0);
            pose.send(s, step * 20 * MS);
            bridge.poll(watches, OFFSET);
        }
        Topic<Odometry> odom = topic("/naoqi_driver/odom", Odometry.TYPE);
        Topic<TFMessage> tf = topic("/tf", TFMessage.TYPE);
        assertEquals(15, odom.published.size(), 1);
        assertEquals(odom.published.size(), tf.published.size());
        Odometry last = odom.last();
        assertEquals(0.1, last.twist.twist.linear.x, 1e-9, "2 mm a 20 ms step");
        assertEquals(0, odom.published.get(0).twist.twist.linear.x, "the first has nothing to differ from");
        assertEquals(last.pose.pose.position.x, tf.last().transforms.get(0).transform.translation.x);
        assertEquals("odom", tf.last().transforms.get(0).header.frameId);
        assertEquals("base_link", tf.last().transforms.get(0).childFrameId);
        assertEquals(last.header.stamp, tf.last().transforms.get(0).header.stamp);
    }

    @Test
    void anImageGoesToTheTopicOfTheCameraCsAskedAndOnlyOnce() {
        CamCommand c = new CamCommand();
        c.cmd = CamCommand.Cmd.IMAGE;
        c.params.cid = 1;
        c.params.res = 0;
        camCommand.send(c, 100 * MS);
        bridge.poll(watches, OFFSET);
        CamStatus s = new CamStatus(160 * 120 * 3);
        s.image.width = 160;
        s.image.height = 120;
        s.image.layers = 3;
        s.image.encoding = "bgr8";
        s.image.length = 160 * 120 * 3;
        s.image.data[5] = 42;
        s.imageSeq = 1;
        cam.send(s, 160 * MS);
        bridge.poll(watches, OFFSET);
        bridge.poll(watches, OFFSET);
        s.valueSeq = 1;
        cam.send(s, 200 * MS);
        bridge.poll(watches, OFFSET);

        Topic<Image> bottom = topic("/naoqi_driver/camera/bottom/image_raw", Image.TYPE);
        assertEquals(1, bottom.published.size(), "a GET's answer carries the same image: not published again");
        Image image = bottom.last();
        assertEquals(160, image.width);
        assertEquals(120, image.height);
        assertEquals("bgr8", image.encoding);
        assertEquals(480, image.step);
        assertEquals(42, image.data.get(5));
        assertEquals("CameraBottom_optical_frame", image.header.frameId);
        assertEquals(OFFSET + 160 * MS, image.header.stamp.toNanos());
        assertTrue(topic("/naoqi_driver/camera/front/image_raw", Image.TYPE).published.isEmpty());

        c.cmd = CamCommand.Cmd.IMAGE;
        c.params.cid = 0;
        camCommand.send(c, 300 * MS);
        s.imageSeq = 2;
        cam.send(s, 360 * MS);
        bridge.poll(watches, OFFSET);
        assertEquals(1, topic("/naoqi_driver/camera/front/image_raw", Image.TYPE).published.size());
        assertEquals("CameraTop_optical_frame", topic("/naoqi_driver/camera/front/image_raw", Image.TYPE).last().header.frameId);
        assertTrue(problems.isEmpty(), problems.toString());
    }

    @Test
    void anImageOfNoKnownCameraIsReportedNotGuessed() {
        CamStatus s = new CamStatus(12);
        s.image.width = 2;
        s.image.height = 2;
        s.image.layers = 3;
        s.image.encoding = "bgr8";
        s.image.length = 12;
        s.imageSeq = 7;
        cam.send(s, 20 * MS);
        bridge.poll(watches, OFFSET);
        assertTrue(topic("/naoqi_driver/camera/front/image_raw", Image.TYPE).published.isEmpty());
        assertTrue(topic("/naoqi_driver/camera/bottom/image_raw", Image.TYPE).published.isEmpty());
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("image #7"), problems.toString());
    }

    @Test
    void sensorReadingsGoToTheirFamiliesTopicsOncePerReading() {
        SensorStatus t = new SensorStatus();
        t.value.setNumber("Device/SubDeviceList/Head/Touch/Front/Sensor/Value", 1);
        t.valueSeq = 1;
        touch.send(t, 20 * MS);
        bridge.poll(watches, OFFSET);
        bridge.poll(watches, OFFSET);
        SensorStatus bumper = new SensorStatus();
        bumper.value.setNumber("Device/SubDeviceList/LFoot/Bumper/Left/Sensor/Value", 0);
        bumper.valueSeq = 2;
        touch.send(bumper, 80 * MS);
        SensorStatus i = new SensorStatus();
        i.value.setNumber("Device/SubDeviceList/InertialSensor/AngleY/Sensor/Value", 0.05);
        i.valueSeq = 1;
        inertial.send(i, 80 * MS);
        SensorStatus f = new SensorStatus();
        f.value.setNumber("Device/SubDeviceList/RFoot/FSR/RearLeft/Sensor/Value", 0.61);
        f.valueSeq = 1;
        fsr.send(f, 80 * MS);
        bridge.poll(watches, OFFSET);

        Topic<ChannelFloat32> head = topic("/naoqi_driver/head_touch", ChannelFloat32.TYPE);
        assertEquals(1, head.published.size());
        assertEquals("Device/SubDeviceList/Head/Touch/Front/Sensor/Value", head.last().name);
        assertEquals(1f, head.last().values[0]);
        Topic<ChannelFloat32> bumpers = topic("/naoqi_driver/bumper", ChannelFloat32.TYPE);
        assertEquals(1, bumpers.published.size());
        assertEquals(0f, bumpers.last().values[0]);
        assertTrue(topic("/naoqi_driver/hand_touch", ChannelFloat32.TYPE).published.isEmpty());
        assertEquals(0.05f, topic("/naoqi_driver/inertial", ChannelFloat32.TYPE).last().values[0]);
        assertEquals(0.61f, topic("/naoqi_driver/fsr", ChannelFloat32.TYPE).last().values[0]);
        assertEquals("Device/SubDeviceList/RFoot/FSR/RearLeft/Sensor/Value", topic("/naoqi_driver/fsr", ChannelFloat32.TYPE).last().name);
    }

    @Test
    void nothingIsPublishedBeforeTheLoopSentAnything() {
        bridge.poll(watches, OFFSET);
        for (Topic<?> t : topics.values()) {
            assertTrue(t.published.isEmpty(), t.name);
        }
    }
}
