package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.embodia.ros.msg.SetBool;
import org.embodia.ros.msg.SetBoolRequest;
import org.embodia.ros.msg.SetBoolResponse;
import org.embodia.ros.msg.Trigger;
import org.embodia.ros.msg.TriggerRequest;
import org.embodia.ros.msg.TriggerResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Services between this node, rosservice and rospy. */
class ServicesTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void ros() {
        RosFixture.requireRos();
    }

    @Test
    void rosserviceCallsOurService() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_server");
            node.advertiseService("/set_flag", SetBool.TYPE, (request, response) -> {
                response.success = request.data;
                response.message = "flag is now " + request.data;
            });
            node.advertiseService("/refuse", SetBool.TYPE, (request, response) -> {
                throw new IllegalStateException("the robot is not ready");
            });

            String out = ros.tool("rosservice", "call", "/set_flag", "data: true").awaitExit();
            assertTrue(out.contains("success: True"), out);
            assertTrue(out.contains("message: \"flag is now true\""), out);

            String info = ros.tool("rosservice", "type", "/set_flag").awaitExit();
            assertEquals("std_srvs/SetBool", info.strip());

            String refused = ros.tool("rosservice", "call", "/refuse", "data: true").awaitExit();
            assertTrue(refused.contains("responded with an error") && refused.contains("the robot is not ready"),
                    refused);
        }
    }

    @Test
    void ourClientCallsARospyService() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosFixture.Tool server = ros.python("py_services.py", """
                    import rospy
                    from std_srvs.srv import Trigger, TriggerResponse, SetBool
                    rospy.init_node('py_services')
                    count = [0]
                    def trigger(request):
                        count[0] += 1
                        return TriggerResponse(True, 'from python %d' % count[0])
                    def refuse(request):
                        raise Exception('python says no')
                    rospy.Service('/py_trigger', Trigger, trigger)
                    rospy.Service('/py_refuse', SetBool, refuse)
                    rospy.spin()
                    """);
            RosNode node = ros.node("embodia_client");
            RosServiceClient<TriggerRequest, TriggerResponse> trigger = node.serviceClient("py_trigger", Trigger.TYPE);
            assertTrue(trigger.waitForService(RosFixture.DEADLINE), "the Python service did not register:\n"
                    + server.output());
            TriggerRequest request = trigger.newRequest();
            TriggerResponse response = trigger.newResponse();
            trigger.call(request, response);
            assertTrue(response.success);
            assertEquals("from python 1", response.message);
            trigger.call(request, response); // the same persistent connection
            assertEquals("from python 2", response.message);
            trigger.close();

            RosServiceClient<SetBoolRequest, SetBoolResponse> refuse = node.serviceClient("/py_refuse", SetBool.TYPE);
            assertTrue(refuse.waitForService(RosFixture.DEADLINE));
            RosServiceException e = assertThrows(RosServiceException.class,
                    () -> refuse.call(refuse.newRequest(), refuse.newResponse()));
            assertTrue(e.serviceError().contains("python says no"), e.getMessage());

            RosServiceClient<TriggerRequest, TriggerResponse> missing = node.serviceClient("/nobody", Trigger.TYPE);
            RosException none = assertThrows(RosException.class,
                    () -> missing.call(missing.newRequest(), missing.newResponse()));
            assertTrue(none.getMessage().contains("not registered"), none.getMessage());
        }
    }

    @Test
    void ourClientCallsOurService() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode server = ros.node("embodia_server2");
            RosNode client = ros.node("embodia_client2");
            server.advertiseService("/trigger", Trigger.TYPE, (request, response) -> {
                response.success = true;
                response.message = "done";
            });
            RosServiceClient<TriggerRequest, TriggerResponse> c = client.serviceClient("/trigger", Trigger.TYPE);
            assertTrue(c.waitForService(RosFixture.DEADLINE));
            TriggerResponse response = c.newResponse();
            for (int i = 0; i < 100; i++) {
                response.message = "";
                c.call(c.newRequest(), response);
                assertEquals("done", response.message);
            }
        }
    }
}
