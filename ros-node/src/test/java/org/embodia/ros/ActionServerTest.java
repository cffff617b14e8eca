package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.embodia.ros.msg.CartImp;
import org.embodia.ros.msg.CartImpFeedback;
import org.embodia.ros.msg.CartImpGoal;
import org.embodia.ros.msg.CartImpResult;
import org.embodia.ros.msg.FollowJointTrajectory;
import org.embodia.ros.msg.FollowJointTrajectoryActionGoal;
import org.embodia.ros.msg.FollowJointTrajectoryFeedback;
import org.embodia.ros.msg.FollowJointTrajectoryGoal;
import org.embodia.ros.msg.FollowJointTrajectoryResult;
import org.embodia.ros.msg.GoalStatus;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Our action server against rospy's actionlib.SimpleActionClient, with the Python classes ros-python-msgs makes. */
class ActionServerTest {
    static final String ACTION = "/arm_controller/follow_joint_trajectory";

    @TempDir
    Path tmp;

    @BeforeAll
    static void ros() {
        RosFixture.requireRos();
    }

    /**
     * Runs src/main/sh/ros-python-msgs into target/ros-python-msgs (a run with nothing changed does nothing); the
     * directory, for sys.path.
     */
    static synchronized Path pythonMessages() throws IOException, InterruptedException {
        Path out = Path.of("target", "ros-python-msgs").toAbsolutePath();
        Process p = new ProcessBuilder("bash", "src/main/sh/ros-python-msgs", out.toString()).redirectErrorStream(true)
                .start();
        String printed = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(RosFixture.DEADLINE.toSeconds(), TimeUnit.SECONDS), "ros-python-msgs did not finish");
        assertEquals(0, p.exitValue(), "ros-python-msgs failed:\n" + printed);
        assertTrue(Files.isRegularFile(out.resolve("control_msgs/msg/__init__.py")), printed);
        return out;
    }

    /** A Python script that finds our generated packages first. */
    static String withMessages(String script) throws IOException, InterruptedException {
        return "import sys\nsys.path.insert(0, " + pythonString(pythonMessages().toString()) + ")\n" + script;
    }

    private static String pythonString(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** Serves FollowJointTrajectory by the goal's first joint name, a command for the test. */
    static final class Trajectories
            implements ActionHandler<FollowJointTrajectoryGoal, FollowJointTrajectoryResult, FollowJointTrajectoryFeedback> {
        final BlockingQueue<ServerGoal<FollowJointTrajectoryGoal, FollowJointTrajectoryResult,
                FollowJointTrajectoryFeedback>> held = new LinkedBlockingQueue<>();
        final BlockingQueue<String> threads = new LinkedBlockingQueue<>();

        @Override
        public void goal(
                ServerGoal<FollowJointTrajectoryGoal, FollowJointTrajectoryResult, FollowJointTrajectoryFeedback> g) {
            threads.add(Thread.currentThread().getName());
            FollowJointTrajectoryResult r = g.newResult();
            switch (g.goal().trajectory.jointNames.get(0)) {
                case "succeed" -> {
                    g.accept();
                    r.errorCode = FollowJointTrajectoryResult.SUCCESSFUL;
                    r.errorString = "all joints arrived";
                    g.succeed(r, "trajectory done");
                }
                case "abort" -> {
                    g.accept();
                    r.errorCode = FollowJointTrajectoryResult.PATH_TOLERANCE_VIOLATED;
                    r.errorString = "joint_b strayed by 0.2 rad";
                    g.abort(r, "path tolerance violated");
                }
                case "reject" -> g.reject("no such joint: reject");
                case "feedback" -> {
                    g.accept();
                    FollowJointTrajectoryFeedback f = g.newFeedback();
                    f.jointNames.setAll("feedback", "joint_b");
                    f.desired.positions.setAll(0.5, -0.5);
                    f.actual.positions.setAll(0.4, -0.45);
                    f.error.positions.setAll(0.1, -0.05);
                    g.publishFeedback(f);
                }
                case "hold" -> {
                    g.accept();
                    held.add(g);
                }
                default -> g.reject("unknown command");
            }
        }

        @Override
        public void cancel(
                ServerGoal<FollowJointTrajectoryGoal, FollowJointTrajectoryResult, FollowJointTrajectoryFeedback> g) {
            FollowJointTrajectoryResult r = g.newResult();
            r.errorString = "stopped on request";
            g.canceled(r, "preempted by the client");
        }
    }

    static final String FOLLOW_CLIENT = """
            import time, rospy, actionlib
            from actionlib_msgs.msg import GoalStatus
            from control_msgs.msg import FollowJointTrajectoryAction, FollowJointTrajectoryGoal
            from trajectory_msgs.msg import JointTrajectoryPoint
            rospy.init_node('follow_client')
            client = actionlib.SimpleActionClient('ACTION', FollowJointTrajectoryAction)
            if not client.wait_for_server(rospy.Duration(60)):
                print('NO SERVER')
                sys.exit(1)
            print('CONNECTED')
            def goal(command):
                g = FollowJointTrajectoryGoal()
                g.trajectory.joint_names = [command, 'joint_b']
                g.trajectory.points = [JointTrajectoryPoint(positions=[0.5, -0.5], time_from_start=rospy.Duration(1.5))]
                g.goal_time_tolerance = rospy.Duration(0, 250000000)
                return g
            def report(name):
                r = client.get_result()
                print('DONE %s %d %r %r %r' % (name, client.get_state(), client.get_goal_status_text(),
                                               r.error_code if r else None, r.error_string if r else None))
            for command in ('succeed', 'abort', 'reject'):
                client.send_goal(goal(command))
                client.wait_for_result(rospy.Duration(60))
                report(command)
            seen = []
            def on_feedback(f):
                if not seen:
                    seen.append(f)
                    print('FEEDBACK %r %r %r' % (list(f.joint_names), list(f.desired.positions), list(f.actual.positions)))
                    client.cancel_goal()
            client.send_goal(goal('feedback'), feedback_cb=on_feedback)
            client.wait_for_result(rospy.Duration(60))
            report('feedback')
            client.send_goal(goal('hold'))
            deadline = time.time() + 60
            while client.get_state() != GoalStatus.ACTIVE:
                if time.time() > deadline:
                    print('NOT ACTIVE', client.get_state())
                    sys.exit(1)
                time.sleep(0.05)
            print('HELD', client.gh.comm_state_machine.action_goal.goal_id.id)
            client.wait_for_result(rospy.Duration(60))
            report('hold')
            """;

    @Test
    void simpleActionClientFollowsATrajectory() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_actions");
            Trajectories handler = new Trajectories();
            RosActionServer server = node.actionServer(ACTION, FollowJointTrajectory.TYPE, handler);
            assertEquals(ACTION, server.name());

            RosFixture.Tool client = ros.python("follow_client.py", withMessages(FOLLOW_CLIENT.replace("ACTION",
                    ACTION)));
            client.awaitOutput("CONNECTED", 1);
            assertEquals("DONE succeed 3 'trajectory done' 0 'all joints arrived'", line(client, "DONE succeed"));
            assertEquals("DONE abort 4 'path tolerance violated' -4 'joint_b strayed by 0.2 rad'",
                    line(client, "DONE abort"));
            assertEquals("DONE reject 5 'no such joint: reject' 0 ''", line(client, "DONE reject"));
            assertEquals("FEEDBACK ['feedback', 'joint_b'] [0.5, -0.5] [0.4, -0.45]", line(client, "FEEDBACK"));
            assertEquals("DONE feedback 2 'preempted by the client' 0 'stopped on request'",
                    line(client, "DONE feedback"));

            String heldId = client.awaitOutput("HELD (\\S+)", 1).group(1);
            ServerGoal<FollowJointTrajectoryGoal, FollowJointTrajectoryResult, FollowJointTrajectoryFeedback> held =
                    handler.held.poll(RosFixture.DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertNotNull(held);
            assertEquals(heldId, held.id());
            assertEquals(GoalStatus.ACTIVE, held.status());
            assertEquals(List.of("hold", "joint_b"), List.of(held.goal().trajectory.jointNames.toArray()));
            assertEquals(1_500_000_000L, held.goal().trajectory.points.get(0).timeFromStart.toNanos());
            assertEquals(250_000_000L, held.goal().goalTimeTolerance.toNanos());
            assertTrue(server.goals().contains(held), "the server's status list: " + server.goals());

            String status = ros.tool("rostopic", "echo", "-n", "1", ACTION + "/status").awaitExit();
            assertTrue(Pattern.compile("id: \"" + Pattern.quote(heldId) + "\"\\s+status: 1\\b").matcher(status)
                    .find(), "the status topic lists the held goal ACTIVE:\n" + status);

            FollowJointTrajectoryResult r = held.newResult();
            r.errorString = "finished from Java";
            held.succeed(r, "finished by the test thread");
            assertEquals("DONE hold 3 'finished by the test thread' 0 'finished from Java'", line(client, "DONE hold"));
            client.awaitExit();
            for (String thread : handler.threads) {
                assertTrue(thread.startsWith("ros /embodia_actions action " + ACTION), thread);
            }
        }
    }

    /** The line of the client's output that starts with {@code start}, once printed. */
    private static String line(RosFixture.Tool tool, String start) throws InterruptedException {
        return tool.awaitOutput("(?m)^" + Pattern.quote(start) + "( .*)?$", 1).group();
    }

    /** A goal message with the right type name and md5sum whose bytes are not a goal. */
    static final class Garbage implements Message<Garbage> {
        static final MessageType<Garbage> TYPE = MessageType.of(FollowJointTrajectoryActionGoal.TYPE.name(),
                FollowJointTrajectoryActionGoal.TYPE.text(), Garbage::new,
                FollowJointTrajectoryActionGoal.TYPE.embedded().toArray(new MessageType<?>[0]));

        @Override
        public MessageType<Garbage> type() {
            return TYPE;
        }

        @Override
        public int serializedSize() {
            return 5;
        }

        @Override
        public void serialize(ByteBuffer out) {
            out.put(new byte[] {1, 2, 3, 4, 5});
        }

        @Override
        public void deserialize(ByteBuffer in) {
            in.position(in.limit());
        }

        @Override
        public void copyFrom(Garbage other) {
        }
    }

    @Test
    void aMalformedGoalIsLoggedAndTheServerGoesOn() throws Exception {
        BlockingQueue<String> warnings = new LinkedBlockingQueue<>();
        Logger log = Logger.getLogger("org.embodia.ros.internal.ActionServerImpl");
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                warnings.add(String.valueOf(record.getMessage()) + " " + List.of(
                        record.getParameters() == null ? new Object[0] : record.getParameters()));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_actions");
            Trajectories handler = new Trajectories();
            node.actionServer(ACTION, FollowJointTrajectory.TYPE, handler);
            RosNode vandal = ros.node("vandal");
            vandal.advertise(ACTION + "/goal", Garbage.TYPE, true).publish(new Garbage());
            String warning = warnings.poll(RosFixture.DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertNotNull(warning, "no warning of the malformed goal");
            assertTrue(warning.contains("does not deserialize"), warning);

            RosFixture.Tool client = ros.python("follow_client.py", withMessages(FOLLOW_CLIENT.replace("ACTION",
                    ACTION)));
            assertEquals("DONE succeed 3 'trajectory done' 0 'all joints arrived'", line(client, "DONE succeed"));
            client.stop();
        } finally {
            log.removeHandler(capture);
        }
    }

    @Test
    void simpleActionClientMovesVelmasTool() throws Exception {
        try (RosFixture ros = RosFixture.start(tmp)) {
            RosNode node = ros.node("embodia_velma");
            BlockingQueue<String> goals = new LinkedBlockingQueue<>();
            node.actionServer("/velma/right_arm/cart_imp", CartImp.TYPE,
                    new ActionHandler<CartImpGoal, CartImpResult, CartImpFeedback>() {
                        @Override
                        public void goal(ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> g) {
                            CartImpGoal goal = g.goal();
                            goals.add(goal.pose.position.x + " " + goal.pose.position.y + " " + goal.pose.position.z
                                    + " " + goal.pose.orientation.w + " " + goal.duration.toNanos());
                            g.accept();
                            CartImpResult r = g.newResult();
                            r.errorCode = CartImpResult.SUCCESSFUL;
                            g.succeed(r, "at the target");
                        }

                        @Override
                        public void cancel(ServerGoal<CartImpGoal, CartImpResult, CartImpFeedback> g) {
                            g.canceled(null, "stopped");
                        }
                    });
            RosFixture.Tool client = ros.python("cart_imp_client.py", withMessages("""
                    import rospy, actionlib
                    from embodia_velma_msgs.msg import CartImpAction, CartImpGoal, CartImpResult
                    from geometry_msgs.msg import Pose, Point, Quaternion
                    rospy.init_node('cart_imp_client')
                    client = actionlib.SimpleActionClient('/velma/right_arm/cart_imp', CartImpAction)
                    if not client.wait_for_server(rospy.Duration(60)):
                        print('NO SERVER')
                        sys.exit(1)
                    goal = CartImpGoal(pose=Pose(Point(0.5, -0.5, 0.7), Quaternion(0, 0, 0, 1)),
                                       duration=rospy.Duration(2, 500000000))
                    client.send_goal(goal)
                    client.wait_for_result(rospy.Duration(60))
                    r = client.get_result()
                    print('DONE %d %r %d %r %r' % (client.get_state(), client.get_goal_status_text(), r.error_code,
                                                   r.error_string, r.error_code == CartImpResult.SUCCESSFUL))
                    """));
            Matcher done = client.awaitOutput("DONE .*", 1);
            assertEquals("DONE 3 'at the target' 0 '' True", done.group());
            assertEquals("0.5 -0.5 0.7 1.0 2500000000", goals.poll(RosFixture.DEADLINE.toSeconds(), TimeUnit.SECONDS));
            client.awaitExit();
        }
    }
}
