package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.ros.internal.ConnectionHeader;
import org.embodia.ros.internal.XmlRpcClient;
import org.embodia.ros.msg.Image;
import org.embodia.ros.msg.JointState;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** publish() neither blocks on the network nor allocates; reading a message that did not change allocates nothing. */
class PublishingTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void ros() {
        RosFixture.requireRos();
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void publishAllocatesNothing() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode a = ros.node("embodia_alloc_pub");
            RosNode b = ros.node("embodia_alloc_sub");
            RosPublisher<JointState> pub = a.advertise("/joint_states", JointState.TYPE, false);
            RosSubscriber<JointState> sub = b.subscribe("/joint_states", JointState.TYPE, null);
            JointState js = new JointState();
            js.name.setAll("j1", "j2", "j3", "j4", "j5", "j6", "j7");
            js.position.setAll(1, 2, 3, 4, 5, 6, 7);
            js.header.frameId = "base";
            RosFixture.await("the subscriber connects", () -> pub.subscriberCount() == 1);
            for (int i = 0; i < 50_000; i++) {
                js.header.seq = i;
                pub.publish(js);
            }
            RosFixture.await("messages arrive", () -> sub.receivedCount() > 0);
            long before = allocatedBytes();
            for (int i = 0; i < 50_000; i++) {
                js.header.seq = i;
                js.position.set(0, i);
                pub.publish(js);
            }
            long allocated = allocatedBytes() - before;
            assertTrue(allocated < 4096, "50,000 publishes allocated " + allocated + " bytes");
            long received = sub.receivedCount();
            js.header.seq = 123_456_789;
            pub.publish(js);
            RosFixture.await("the newest message arrives", () -> {
                JointState last = sub.poll();
                return last != null && last.header.seq == 123_456_789;
            });
            assertTrue(sub.receivedCount() > received);
        }
    }

    @Test
    void readingAnUnchangedMessageAllocatesNothing() {
        JointState js = new JointState();
        js.name.setAll("j1", "j2", "j3");
        js.position.setAll(1, 2, 3);
        js.header.frameId = "base";
        ByteBuffer wire = ByteBuffer.allocate(js.serializedSize()).order(ByteOrder.LITTLE_ENDIAN);
        JointState into = new JointState();
        for (int i = 0; i < 20_000; i++) {
            wire.clear();
            js.serialize(wire);
            wire.flip();
            into.deserialize(wire);
        }
        long before = allocatedBytes();
        for (int i = 0; i < 20_000; i++) {
            wire.clear();
            js.serialize(wire);
            wire.flip();
            into.deserialize(wire);
        }
        long allocated = allocatedBytes() - before;
        assertTrue(allocated < 1024, "20,000 writes and reads allocated " + allocated + " bytes");
        assertEquals("j3", into.name.get(2));
    }

    @Test
    void aSubscriberThatDoesNotReadBlocksNoOne() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode a = ros.node("embodia_images");
            RosNode b = ros.node("embodia_viewer");
            RosPublisher<Image> pub = a.advertise("/image", Image.TYPE, false);
            // a subscriber that connects and never reads
            XmlRpcClient rpc = new XmlRpcClient("test");
            List<?> protocol = (List<?>) rpc.rosValue(a.uri(), Duration.ofSeconds(10), "requestTopic", "/stalled",
                    "/image", List.of(List.of("TCPROS")));
            rpc.close();
            try (Socket stalled = new Socket(String.valueOf(protocol.get(1)), (Integer) protocol.get(2))) {
                Map<String, String> header = new LinkedHashMap<>();
                header.put("callerid", "/stalled");
                header.put("topic", "/image");
                header.put("md5sum", Image.TYPE.md5sum());
                header.put("type", Image.TYPE.name());
                ConnectionHeader.write(stalled.getOutputStream(), header);
                ConnectionHeader.read(stalled.getInputStream());
                RosSubscriber<Image> viewer = b.subscribe("/image", Image.TYPE, null);
                RosFixture.await("both subscribers connect", () -> pub.subscriberCount() == 2);

                Image image = new Image();
                image.width = 1024;
                image.height = 1024;
                image.step = 1024;
                image.encoding = "mono8";
                image.data.resize(1024 * 1024);
                // far more than the stalled socket's buffers hold: publish() returns all the same
                for (int i = 1; i <= 200; i++) {
                    image.header.seq = i;
                    image.data.set(0, i);
                    pub.publish(image);
                }
                RosFixture.await("the reading subscriber gets the newest image", () -> {
                    Image last = viewer.poll();
                    return last != null && last.header.seq == 200 && last.data.get(0) == 200;
                });
            }
        }
    }
}
