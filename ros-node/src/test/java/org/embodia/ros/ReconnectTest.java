package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.embodia.ros.msg.JointState;
import org.embodia.ros.msg.StringMessage;
import org.embodia.ros.msg.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The master killed and started again on its port: the node registers again and all works as before. */
class ReconnectTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void ros() {
        RosFixture.requireRos();
    }

    @Test
    void aRestartedMasterKnowsTheNodeAgain() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_survivor");
            RosPublisher<JointState> pub = node.advertise("/joint_states", JointState.TYPE, false);
            BlockingQueue<String> received = new LinkedBlockingQueue<>();
            node.subscribe("/chatter", StringMessage.TYPE, m -> received.add(m.data));
            node.advertiseService("/still_here", Trigger.TYPE, (q, r) -> {
                r.success = true;
                r.message = "yes";
            });
            Thread publisher = TopicsTest.publishJointStates(pub, 10);
            try {
                String before = ros.tool("rostopic", "echo", "-n", "1", "/joint_states").awaitExit();
                assertTrue(before.contains("- joint_a"), before);

                ros.killMaster();
                ros.startMaster();
                RosFixture.await("the node registers with the new master", () -> node.reregistrations() >= 1);

                String after = ros.tool("rostopic", "echo", "-n", "1", "/joint_states").awaitExit();
                assertTrue(after.contains("- joint_a") && after.contains("position: [0.5, 1.25]"), after);

                RosFixture.Tool chatter = ros.tool("rostopic", "pub", "-r", "5", "/chatter", "std_msgs/String",
                        "data: again");
                String got = received.poll(RosFixture.DEADLINE.toSeconds(), TimeUnit.SECONDS);
                assertTrue("again".equals(got), "got " + got + "; rostopic pub printed:\n" + chatter.output());
                chatter.stop();

                String call = ros.tool("rosservice", "call", "/still_here").awaitExit();
                assertTrue(call.contains("message: \"yes\""), call);
            } finally {
                publisher.interrupt();
            }
        }
    }
}
