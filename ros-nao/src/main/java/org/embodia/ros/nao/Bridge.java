package org.embodia.ros.nao;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.Consumer;

import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.Pose;
import org.embodia.nao.api.SensorStatus;
import org.embodia.nao.model.NaoCamera;
import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosPublisher;
import org.embodia.ros.msg.Image;
import org.embodia.ros.msg.Imu;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.Odometry;
import org.embodia.ros.msg.TFMessage;
import org.embodia.scheduler.BufferWatch;

/**
 * Publishes what NAO's buffers carry on naoqi_driver's topics: one {@link #poll} reads each watch once and publishes
 * what is new. Every ROS message is preallocated and reused; one thread polls.
 */
final class Bridge {
    static final String JOINT_STATES = "/joint_states";
    static final String ODOM = "/naoqi_driver/odom";
    static final String TF = "/tf";
    static final String IMU = "/naoqi_driver/imu/torso";
    static final String FRONT_CAMERA = "/naoqi_driver/camera/front/image_raw";
    static final String BOTTOM_CAMERA = "/naoqi_driver/camera/bottom/image_raw";
    static final String INERTIAL = "/naoqi_driver/inertial";
    static final String FSR = "/naoqi_driver/fsr";
    /** Longer than this between two published poses, and the later one's twist is not their difference. */
    private static final long TWIST_GAP_NANOS = 1_000_000_000L;

    /** How the bridge advertises its topics: {@link org.embodia.ros.RosNode#advertise}. */
    interface Advertiser {
        <M extends Message<M>> RosPublisher<M> advertise(String topic, MessageType<M> type, boolean latch);
    }

    /** The topics' rates, messages per second at most. */
    record Rates(double jointStates, double odom, double imu) {
    }

    private final RosPublisher<JointState> jointStates;
    private final RosPublisher<Odometry> odom;
    private final RosPublisher<TFMessage> tf;
    private final RosPublisher<Imu> imu;
    private final RosPublisher<Image> frontCamera;
    private final RosPublisher<Image> bottomCamera;
    private final Map<Convert.TouchTopic, RosPublisher<ChannelFloat32>> touch = new EnumMap<>(Convert.TouchTopic.class);
    private final RosPublisher<ChannelFloat32> inertial;
    private final RosPublisher<ChannelFloat32> fsr;

    private final RateGate jointGate;
    private final RateGate odomGate;
    private final RateGate imuGate;

    private final JointState jointState = new JointState();
    private final Odometry odometry = new Odometry();
    private final TFMessage transforms = new TFMessage();
    private final Imu imuMessage = new Imu();
    private final Image frontImage = new Image();
    private final Image bottomImage = new Image();
    private final ChannelFloat32 reading = new ChannelFloat32();

    private long bodySent;
    private long poseSent;
    private final Pose previousPose = new Pose();
    private long previousPoseSent;
    private boolean hasPreviousPose;
    /** The camera cs last asked for an image of; -1 before any. */
    private int camera = -1;
    private long imageSeq;
    private long touchSeq;
    private long inertialSeq;
    private long fsrSeq;
    private final Consumer<String> problems;

    /**
     * Advertises every topic: the camera and sensor topics latched, since their messages come only when cs asks, and
     * a subscriber that comes later still gets the latest.
     *
     * @param problems told of what cannot be published, and why
     */
    Bridge(Advertiser node, Rates rates, Consumer<String> problems) {
        this.problems = problems;
        jointGate = new RateGate(rates.jointStates());
        odomGate = new RateGate(rates.odom());
        imuGate = new RateGate(rates.imu());
        jointStates = node.advertise(JOINT_STATES, JointState.TYPE, false);
        odom = node.advertise(ODOM, Odometry.TYPE, false);
        tf = node.advertise(TF, TFMessage.TYPE, false);
        imu = node.advertise(IMU, Imu.TYPE, false);
        frontCamera = node.advertise(FRONT_CAMERA, Image.TYPE, true);
        bottomCamera = node.advertise(BOTTOM_CAMERA, Image.TYPE, true);
        for (Convert.TouchTopic t : Convert.TouchTopic.values()) {
            touch.put(t, node.advertise(t.topic, ChannelFloat32.TYPE, true));
        }
        inertial = node.advertise(INERTIAL, ChannelFloat32.TYPE, true);
        fsr = node.advertise(FSR, ChannelFloat32.TYPE, true);
        transforms.transforms.resize(1);
    }

    /**
     * Reads every watch once and publishes what is new.
     *
     * @param wallOffsetNanos the wall clock's time (ns since the epoch) minus {@link System#nanoTime()} now: stamps
     *        are the wall-clock times at which the loop sent the messages
     */
    void poll(NaoWatches w, long wallOffsetNanos) {
        body(w.body, wallOffsetNanos);
        pose(w.pose, wallOffsetNanos);
        camera(w.camCommand, w.cam, wallOffsetNanos);
        if (w.touch.latest() instanceof SensorStatus s && s.valueSeq != touchSeq) {
            touchSeq = s.valueSeq;
            Convert.TouchTopic topic = Convert.TouchTopic.of(s.value.dataName);
            if (topic != null && Convert.reading(s.value, reading)) {
                touch.get(topic).publish(reading);
            }
        }
        if (w.inertial.latest() instanceof SensorStatus s && s.valueSeq != inertialSeq) {
            inertialSeq = s.valueSeq;
            if (Convert.reading(s.value, reading)) {
                inertial.publish(reading);
            }
        }
        if (w.fsr.latest() instanceof SensorStatus s && s.valueSeq != fsrSeq) {
            fsrSeq = s.valueSeq;
            if (Convert.reading(s.value, reading)) {
                fsr.publish(reading);
            }
        }
    }

    private void body(BufferWatch watch, long wallOffsetNanos) {
        if (!(watch.latest() instanceof BodyEffectorStatus s) || watch.sentNanos() == bodySent) {
            return;
        }
        bodySent = watch.sentNanos();
        long stamp = bodySent + wallOffsetNanos;
        if (jointGate.pass(bodySent)) {
            Convert.jointState(s.cja, stamp, jointState);
            jointStates.publish(jointState);
        }
        if (imuGate.pass(bodySent)) {
            Convert.imu(s.im, stamp, imuMessage);
            imu.publish(imuMessage);
        }
    }

    private void pose(BufferWatch watch, long wallOffsetNanos) {
        if (!(watch.latest() instanceof BodyStatus s) || watch.sentNanos() == poseSent) {
            return;
        }
        poseSent = watch.sentNanos();
        if (!odomGate.pass(poseSent) || !s.pose.isFinite()) {
            return;
        }
        long dt = poseSent - previousPoseSent;
        boolean withTwist = hasPreviousPose && dt <= TWIST_GAP_NANOS;
        Convert.odometry(s.pose, withTwist ? previousPose : null, dt, poseSent + wallOffsetNanos, odometry);
        Convert.transform(odometry, transforms.transforms.get(0));
        odom.publish(odometry);
        tf.publish(transforms);
        previousPose.copyFrom(s.pose);
        previousPoseSent = poseSent;
        hasPreviousPose = true;
    }

    private void camera(BufferWatch commands, BufferWatch statuses, long wallOffsetNanos) {
        // Read before the status: the IMAGE command precedes its image by two steps at least.
        if (commands.latest() instanceof CamCommand c && c.cmd == CamCommand.Cmd.IMAGE) {
            camera = c.params.cid;
        }
        if (!(statuses.latest() instanceof CamStatus s) || s.imageSeq == imageSeq) {
            return;
        }
        imageSeq = s.imageSeq;
        if (camera != NaoCamera.TOP.index() && camera != NaoCamera.BOTTOM.index()) {
            problems.accept("image #" + imageSeq + " of " + NaoWatches.CAM_VR + " is not published: no IMAGE command of cs was seen"
                    + " to say which camera took it");
            return;
        }
        boolean top = camera == NaoCamera.TOP.index();
        Image out = top ? frontImage : bottomImage;
        String frame = (top ? NaoCamera.TOP : NaoCamera.BOTTOM).opticalFrame();
        if (Convert.image(s.image, frame, statuses.sentNanos() + wallOffsetNanos, out)) {
            (top ? frontCamera : bottomCamera).publish(out);
        }
    }
}
