package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.ros.internal.ConnectionHeader;
import org.embodia.ros.internal.XmlRpcClient;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.StringMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The errors a user meets: no master, and a subscriber of another type refused as ROS refuses it. */
class ErrorsTest {
    @TempDir
    Path tmp;

    @Test
    void noMasterIsSaidClearly() throws IOException {
        URI nowhere = URI.create("http://127.0.0.1:" + RosFixture.freePort() + "/");
        RosException e = assertThrows(RosException.class,
                () -> RosNode.start(nowhere, "lonely", InetAddress.getLoopbackAddress()));
        assertTrue(e.getMessage().startsWith("No ROS master answers at " + nowhere), e.getMessage());
    }

    @Test
    void aSubscriberOfAnotherTypeIsRefusedWithTheReason() throws Exception {
        RosFixture.requireRos();
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_typed");
            node.advertise("/typed", JointState.TYPE, false);

            Map<String, String> wrongType = connect(node, "/typed", StringMessage.TYPE.name(),
                    StringMessage.TYPE.md5sum());
            assertTrue(wrongType.get("error").contains("topic types do not match: [std_msgs/String] vs. "
                    + "[sensor_msgs/JointState]"), wrongType.toString());

            Map<String, String> wrongMd5 = connect(node, "/typed", JointState.TYPE.name(), "0123456789abcdef");
            assertTrue(wrongMd5.get("error").contains("0123456789abcdef"), wrongMd5.toString());

            Map<String, String> any = connect(node, "/typed", "*", "*");
            assertEquals(JointState.TYPE.md5sum(), any.get("md5sum"));
            assertEquals(JointState.TYPE.definition(), any.get("message_definition"));
            assertEquals("0", any.get("latching"));
            assertEquals("/embodia_typed", any.get("callerid"));
        }
    }

    /** Asks the node for the topic and connects with this type and md5sum; the header it answers. */
    private static Map<String, String> connect(RosNode node, String topic, String type, String md5)
            throws IOException {
        XmlRpcClient rpc = new XmlRpcClient("test");
        try {
            Object value = rpc.rosValue(node.uri(), Duration.ofSeconds(10), "requestTopic", "/tester", topic,
                    List.of(List.of("TCPROS")));
            List<?> protocol = (List<?>) value;
            try (Socket s = new Socket(String.valueOf(protocol.get(1)), (Integer) protocol.get(2))) {
                Map<String, String> header = new LinkedHashMap<>();
                header.put("callerid", "/tester");
                header.put("topic", topic);
                header.put("md5sum", md5);
                header.put("type", type);
                ConnectionHeader.write(s.getOutputStream(), header);
                return ConnectionHeader.read(s.getInputStream());
            }
        } finally {
            rpc.close();
        }
    }
}
