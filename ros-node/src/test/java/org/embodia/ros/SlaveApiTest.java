package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.embodia.ros.internal.XmlRpcClient;
import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.StringMessage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Slave API as rosnode and the master use it, and the Master API's queries. */
class SlaveApiTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void ros() {
        RosFixture.requireRos();
    }

    @Test
    void rosnodeInfoAndKill() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_info");
            RosPublisher<JointState> pub = node.advertise("/joint_states", JointState.TYPE, false);
            node.subscribe("/chatter", StringMessage.TYPE, null);
            Thread publisher = TopicsTest.publishJointStates(pub, 10);
            try {
                RosFixture.Tool echo = ros.tool("rostopic", "echo", "/joint_states");
                echo.awaitOutput("---", 1);

                String info = ros.tool("rosnode", "info", "/embodia_info").awaitExit();
                assertTrue(info.contains("* /joint_states [sensor_msgs/JointState]"), info);
                assertTrue(info.contains("* /chatter"), info);
                assertTrue(info.contains("Pid: " + ProcessHandle.current().pid()), info);
                assertTrue(info.contains("topic: /joint_states") && info.contains("direction: outbound"), info);

                XmlRpcClient rpc = new XmlRpcClient("test");
                try {
                    Duration t = Duration.ofSeconds(10);
                    assertEquals(ros.masterUri.toString(), rpc.rosValue(node.uri(), t, "getMasterUri", "/t"));
                    assertEquals(List.of(List.of("/joint_states", "sensor_msgs/JointState")),
                            rpc.rosValue(node.uri(), t, "getPublications", "/t"));
                    assertEquals(List.of(List.of("/chatter", "std_msgs/String")),
                            rpc.rosValue(node.uri(), t, "getSubscriptions", "/t"));
                    List<?> stats = (List<?>) rpc.rosValue(node.uri(), t, "getBusStats", "/t");
                    assertEquals(3, stats.size());
                    List<?> publishStats = (List<?>) ((List<?>) stats.get(0)).get(0);
                    assertEquals("/joint_states", publishStats.get(0));
                    assertEquals(1, rpc.rosCall(node.uri(), t, "paramUpdate", "/t", "/p", 1).code());
                } finally {
                    rpc.close();
                }

                Map<String, String> topics = node.publishedTopics("");
                assertEquals("sensor_msgs/JointState", topics.get("/joint_states"), topics.toString());
                assertTrue(node.masterPid() > 0);

                // ROS_MASTER_URI is often written without the trailing slash
                RosNode other = RosNode.start(java.net.URI.create("http://127.0.0.1:" + ros.port), "embodia_observer",
                        RosFixture.LOOPBACK);
                String kill = ros.tool("rosnode", "kill", "/embodia_info").awaitExit();
                RosFixture.await("rosnode kill shuts the node down:\n" + kill, node::isClosed);
                RosFixture.await("the node unregisters its topic",
                        () -> !other.publishedTopics("").containsKey("/joint_states"));
                assertFalse(other.isClosed());
                other.close();
            } finally {
                publisher.interrupt();
            }
        }
    }
}
