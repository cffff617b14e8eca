package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.embodia.ros.msg.StringMessage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A robot started before roscore: its connector says once that no master answers, then joins the one that comes. */
class ConnectorTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void ros() {
        RosFixture.requireRos();
    }

    @Test
    void theNodeJoinsAMasterStartedLaterAndTheProblemIsToldOnce() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            ros.killMaster();
            List<String> problems = new CopyOnWriteArrayList<>();
            List<RosNode> connected = new CopyOnWriteArrayList<>();
            try (RosConnector connector = RosConnector.start(ros.masterUri, "/embodia_late", RosFixture.LOOPBACK,
                    Duration.ofMillis(100), node -> {
                        node.advertise("/late_topic", StringMessage.TYPE, true);
                        connected.add(node);
                    }, problems::add)) {
                RosFixture.await("the problem told", () -> !problems.isEmpty());
                assertTrue(problems.get(0).startsWith("No ROS master answers at " + ros.masterUri), problems.get(0));
                assertTrue(problems.get(0).endsWith("; trying again every 0.1 s"), problems.get(0));
                assertNull(connector.node());

                ros.startMaster();
                RosFixture.await("the node connected", () -> !connected.isEmpty());
                assertEquals(1, problems.size(), "the same problem is told once: " + problems);
                String topics = ros.tool("rostopic", "list").awaitExit();
                assertTrue(topics.contains("/late_topic"), topics);
                assertEquals(connected.get(0), connector.node());
            }
            assertTrue(connected.get(0).isClosed(), "closing the connector closes its node");
        }
    }
}
