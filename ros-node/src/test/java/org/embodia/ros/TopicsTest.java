package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;

import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.StringMessage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Topics between this node and ROS's own tools, each test with a master of its own. */
class TopicsTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void ros() {
        RosFixture.requireRos();
    }

    /** Publishes joint states at {@code hz} on a thread of its own until interrupted. */
    static Thread publishJointStates(RosPublisher<JointState> pub, double hz) {
        Thread t = new Thread(() -> {
            JointState js = new JointState();
            js.name.setAll("joint_a", "joint_b");
            js.position.setAll(0.5, 1.25);
            js.velocity.setAll(0.0, -2.0);
            long period = (long) (1e9 / hz);
            long next = System.nanoTime();
            while (!Thread.currentThread().isInterrupted()) {
                js.header.seq++;
                js.header.stamp.setNow();
                pub.publish(js);
                next += period;
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    try {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    } catch (InterruptedException e) {
                        return;
                    }
                } else {
                    next = System.nanoTime();
                }
            }
        }, "joint state publisher");
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void rostopicEchoAndHzSeeOurJointStates() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_joints");
            RosPublisher<JointState> pub = node.advertise("/joint_states", JointState.TYPE, false);
            Thread publisher = publishJointStates(pub, 20);
            try {
                String echo = ros.tool("rostopic", "echo", "-n", "1", "/joint_states").awaitExit();
                assertTrue(echo.contains("- joint_a") && echo.contains("- joint_b"), echo);
                assertTrue(echo.contains("position: [0.5, 1.25]"), echo);
                assertTrue(echo.contains("velocity: [0.0, -2.0]"), echo);

                RosFixture.Tool hz = ros.tool("rostopic", "hz", "/joint_states");
                Matcher rate = hz.awaitOutput("average rate: ([0-9.]+)", 3);
                hz.stop();
                double measured = Double.parseDouble(rate.group(1));
                // published at 20 Hz; a generous band, the machine may be busy
                assertTrue(measured > 8 && measured < 30, "rostopic hz measured " + measured + " Hz:\n" + hz.output());
            } finally {
                publisher.interrupt();
            }
        }
    }

    @Test
    void rostopicPubReachesOurSubscriber() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_listener");
            BlockingQueue<String> received = new LinkedBlockingQueue<>();
            RosSubscriber<StringMessage> sub = node.subscribe("chatter", StringMessage.TYPE, m -> received.add(m.data));
            assertEquals("/chatter", sub.topic());
            RosFixture.Tool pub = ros.tool("rostopic", "pub", "-1", "/chatter", "std_msgs/String", "data: hi");
            String first = received.poll(RosFixture.DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertEquals("hi", first, "rostopic pub printed:\n" + pub.output());
            StringMessage polled = sub.poll();
            assertEquals("hi", polled == null ? null : polled.data);
            pub.awaitExit();
        }
    }

    @Test
    void aLatchedTopicReachesLateSubscribers() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_latch");
            RosPublisher<StringMessage> pub = node.advertise("/latched", StringMessage.TYPE, true);
            StringMessage m = new StringMessage();
            m.data = "kept for later";
            pub.publish(m);
            m.data = "overwritten";

            String echo = ros.tool("rostopic", "echo", "-n", "1", "/latched").awaitExit();
            assertTrue(echo.contains("data: \"kept for later\""), echo);

            RosNode late = ros.node("embodia_late");
            BlockingQueue<String> received = new LinkedBlockingQueue<>();
            late.subscribe("/latched", StringMessage.TYPE, s -> received.add(s.data));
            assertEquals("kept for later", received.poll(RosFixture.DEADLINE.toSeconds(), TimeUnit.SECONDS));
        }
    }

    @Test
    void ourSubscriberReceivesOurPublisher() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode a = ros.node("embodia_a");
            RosNode b = ros.node("embodia_b");
            RosSubscriber<JointState> sub = b.subscribe("/joint_states", JointState.TYPE, null);
            RosPublisher<JointState> pub = a.advertise("/joint_states", JointState.TYPE, false);
            Thread publisher = publishJointStates(pub, 50);
            try {
                RosFixture.await("a joint state arrives", () -> sub.receivedCount() > 10);
                JointState js = sub.poll();
                assertEquals("joint_b", js.name.get(1));
                assertEquals(1.25, js.position.get(1));
                assertEquals(1, pub.subscriberCount());
                assertEquals(1, sub.publisherCount());
            } finally {
                publisher.interrupt();
            }
        }
    }
}
