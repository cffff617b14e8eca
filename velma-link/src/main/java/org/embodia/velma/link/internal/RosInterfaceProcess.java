package org.embodia.velma.link.internal;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.embodia.ros.RosInterfaceStatus;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.BufferWatch;
import org.embodia.transport.MessageLink;
import org.embodia.transport.MessageTransport;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.link.LinkMessage;
import org.embodia.velma.link.LinkProperties;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Velma's ros_interface/a in a process of its own, as FABRIC runs each agent ([VELMA-STRUCT]): a crash or a hang of the
 * ROS node (its sockets, its clients' messages) cannot reach core/a. This component, in the robot's framework, starts
 * the process (the launch profile {@code velma-ros}, the jar the framework property {@value #JAR_PROPERTY} names),
 * links to it over the transport, and serves it: the body's status each time the cycle sends it, phase-locked to the
 * loop; FSM states and switches; diagnostics; the task interface's calls. When the process ends it is started again,
 * and the robot runs on meanwhile.
 *
 * <p>Configuration PID {@value #PID}, as ros-shell makes it: {@code master_uri}, {@code host}, optional
 * {@code joint_states_rate} (Hz, default {@value #DEFAULT_JOINT_STATES_RATE}), {@code diagnostics_rate} (Hz, default
 * {@value #DEFAULT_DIAGNOSTICS_RATE}), and {@code tf_rate} and {@code service_timeout}, which the process applies.
 */
@Component(configurationPid = RosInterfaceProcess.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
public final class RosInterfaceProcess {
    static final String PID = "org.embodia.ros";
    /** The framework property naming ros_interface/a's launch jar, relative to the robot's working directory. */
    static final String JAR_PROPERTY = "embodia.velma.link.process";
    /** cs reads ve_body's status there; a watch of it finds the writer wherever it runs. */
    static final String CS = "core/a./cs";
    static final String CHANNEL = "aeron:ipc";
    static final double DEFAULT_JOINT_STATES_RATE = 100;
    static final double DEFAULT_DIAGNOSTICS_RATE = 1;
    /** How long after a status's due send the link first looks for it: the cycle's own time to send it. */
    static final long LEAD_NANOS = 200_000;
    /** How often the link looks again while the due status has not come. */
    static final long RETRY_NANOS = 100_000;
    /** The longest the link sleeps: calls from the process wait no longer than this to be read. */
    static final long POLL_NANOS = 1_000_000;
    static final long RESTART_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final long STOP_GRACE_SECONDS = 10;

    private final Agent agent;
    private final MessageTransport transport;
    private final List<String> command;
    private final long period;
    private final long diagnosticsPeriod;
    private final Calls calls;
    /**
     * The first stream pair, at random: a process started again must not take the streams on which the killed one's
     * messages may still be in flight.
     */
    private int nextStream = 100_000 + 2 * new SplittableRandom().nextInt(1 << 14);
    private final Thread thread;
    private final ServiceRegistration<RosInterfaceStatus> registration;
    private volatile boolean running = true;
    private volatile Child child;
    private volatile String node = "its node has said nothing yet";

    @Activate
    public RosInterfaceProcess(BundleContext context, Map<String, Object> config, @Reference VelmaTaskInterface task,
            @Reference(target = "(name=core)") Agent agent, @Reference MessageTransport transport) {
        this.agent = agent;
        this.transport = transport;
        this.calls = new Calls(task);
        URI master = URI.create(require(config, "master_uri"));
        period = (long) (1e9 / rate(config, "joint_states_rate", DEFAULT_JOINT_STATES_RATE));
        diagnosticsPeriod = (long) (1e9 / rate(config, "diagnostics_rate", DEFAULT_DIAGNOSTICS_RATE));
        String jar = context.getProperty(JAR_PROPERTY);
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw new IllegalStateException("ros_interface/a: no launch jar for its process: the framework property " + JAR_PROPERTY
                    + (jar == null ? " is not set" : " names " + Path.of(jar).toAbsolutePath() + ", which is not there (./embodia build)"));
        }
        command = new ArrayList<>(normalPriority());
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx256m", "-XX:+UseSerialGC",
                "-Daeron.dir=" + transport.connection(), "-Dembodia.ros.master_uri=" + master,
                "-Dembodia.ros.host=" + config.getOrDefault("host", "127.0.0.1"),
                "-D" + LinkProperties.PARENT + "=" + ProcessHandle.current().pid(), "-D" + LinkProperties.CHANNEL + "=" + CHANNEL,
                "-Dgosh.args=--nointeractive"));
        for (Map.Entry<String, String> setting : Map.of("tf_rate", LinkProperties.TF_RATE, "service_timeout", LinkProperties.SERVICE_TIMEOUT)
                .entrySet()) {
            if (config.get(setting.getKey()) != null) {
                command.add("-D" + setting.getValue() + "=" + rate(config, setting.getKey(), 1));
            }
        }
        command.add("-jar");
        command.add(jar);
        thread = new Thread(this::serve, "ros_interface/a link");
        thread.setDaemon(true);
        thread.start();
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("embodia.ros.interface", "velma");
        registration = context.registerService(RosInterfaceStatus.class, this::status, props);
    }

    /**
     * util-linux's chrt, which starts the process under SCHED_OTHER: a child inherits its parent's policy, and a JVM run
     * under chrt is SCHED_FIFO throughout, where a ROS node's busy threads must not be. Without chrt on the PATH, nothing.
     */
    private static List<String> normalPriority() {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "chrt"))) {
                    return List.of(Path.of(dir, "chrt").toString(), "--other", "0");
                }
            }
        }
        return List.of();
    }

    private static String require(Map<String, Object> config, String key) {
        Object v = config.get(key);
        if (v == null || v.toString().isBlank()) {
            throw new IllegalArgumentException("ros_interface/a: configuration " + PID + " lacks " + key);
        }
        return v.toString();
    }

    private static double rate(Map<String, Object> config, String key, double fallback) {
        Object v = config.get(key);
        double r = v == null ? fallback : Double.parseDouble(v.toString());
        if (!(r > 0) || Double.isInfinite(r)) {
            throw new IllegalArgumentException("ros_interface/a: " + key + " must be a positive number, not " + v);
        }
        return r;
    }

    private String status() {
        Child c = child;
        if (c == null) {
            return "ros_interface/a: no process (starting one)";
        }
        return "ros_interface/a in process " + c.process.pid() + (c.link.connected() ? "" : ", not linked yet") + ": " + node;
    }

    /** The process with its link, and the messages the link keeps for it. */
    private static final class Child {
        final Process process;
        final MessageLink link;
        boolean linked;

        Child(Process process, MessageLink link) {
            this.process = process;
            this.link = link;
        }
    }

    private Child launch() throws IOException {
        int toRos = nextStream;
        nextStream += 2;
        List<String> c = new ArrayList<>(command);
        c.add(c.size() - 2, "-D" + LinkProperties.TO_ROS + "=" + toRos);
        c.add(c.size() - 2, "-D" + LinkProperties.TO_CORE + "=" + (toRos + 1));
        MessageLink link = transport.link(CHANNEL, toRos, toRos + 1);
        try {
            // Its output is the robot's console's; it reads nothing: the console is the robot's.
            Process p = new ProcessBuilder(c).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            p.getOutputStream().close();
            System.out.println("ros_interface/a: its process " + p.pid() + " started");
            return new Child(p, link);
        } catch (IOException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    /**
     * The link's thread: keeps the process running, reads its calls, and sends it the status just after the cycle
     * that measured it (at {@link #LEAD_NANOS} past the due send, then every {@link #RETRY_NANOS} until it came), the
     * FSMs with each, and diagnostics at their rate.
     */
    private void serve() {
        FsmChanges fsms = new FsmChanges(agent);
        BodyStatus copy = new BodyStatus();
        ByteBuffer statusBytes = ByteBuffer.allocate(LinkMessage.statusLength(copy));
        Problems problems = new Problems();
        BufferWatch watch = null;
        long due = System.nanoTime();
        long diagnosticsDue = due;
        long restartAt = due;
        long seen = 0;
        long lastSent = 0;
        try {
            while (running) {
                long now = System.nanoTime();
                try {
                    Child c = child;
                    if (c != null && !c.process.isAlive()) {
                        System.out.println("ros_interface/a: its process " + c.process.pid() + " ended with exit code "
                                + c.process.exitValue() + "; starting it again; core/a runs on");
                        c.link.close();
                        child = c = null;
                        node = "its node has said nothing yet";
                        restartAt = now + RESTART_NANOS;
                    }
                    if (c == null && now - restartAt >= 0) {
                        restartAt = now + RESTART_NANOS;
                        child = c = launch();
                    }
                    if (c != null) {
                        if (!c.linked && c.link.connected()) {
                            c.linked = true;
                            fsms.resend();
                        }
                        c.link.poll(bytes -> received(bytes), 16);
                    }
                    if (watch == null) {
                        watch = agent.watch(CS, "status");
                    }
                    if (now - due >= 0) {
                        boolean fresh = watch.latest() instanceof BodyStatus && watch.received() != seen;
                        long sent = watch.sentNanos();
                        if (fresh && (lastSent == 0 || sent - lastSent >= period * 9 / 10 || now - due > period / 2)) {
                            copy.copyFrom((BodyStatus) watch.latest());
                            seen = watch.received();
                            lastSent = sent;
                            if (c != null && c.linked) {
                                statusBytes.clear();
                                LinkMessage.putStatus(statusBytes, sent, copy);
                                c.link.send(statusBytes.flip());
                                fsms.send(c.link);
                            }
                            due = Math.max(sent + period + LEAD_NANOS, now + RETRY_NANOS);
                        } else if (now - due > period / 2) {
                            // Nothing new for half a period: the loop is paused or slowed; look again a period later.
                            if (c != null && c.linked) {
                                fsms.send(c.link);
                            }
                            due = now + period;
                        } else {
                            due = now + RETRY_NANOS;
                        }
                    }
                    if (now - diagnosticsDue >= 0) {
                        diagnosticsDue = now + diagnosticsPeriod;
                        if (c != null && c.linked) {
                            c.link.send(new LinkMessage.Diagnostics(agent.name(), agent.activities(), agent.subsystems()).encode());
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    problems.report(e);
                    due = now + period;
                }
                long wait = Math.min(due, now + POLL_NANOS) - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
            }
        } finally {
            if (watch != null) {
                watch.close();
            }
        }
    }

    private void received(ByteBuffer bytes) {
        LinkMessage m = LinkMessage.decode(bytes);
        Child c = child;
        if (m instanceof LinkMessage.Call call && c != null) {
            ByteBuffer reply = calls.answer(call).encode();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            while (!c.link.send(reply.duplicate()) && c.process.isAlive() && System.nanoTime() - deadline < 0) {
                LockSupport.parkNanos(RETRY_NANOS);
            }
        } else if (m instanceof LinkMessage.Node n) {
            node = n.text();
        } else {
            throw new IllegalArgumentException("ros_interface/a's process sent " + m + ", which only core/a sends");
        }
    }

    /** Each distinct failure of the link's thread once on the console: it goes on at its next turn. */
    private static final class Problems {
        private String last;

        void report(Exception e) {
            String text = String.valueOf(e);
            if (!text.equals(last)) {
                last = text;
                System.out.println("ros_interface/a: the link to its process failed, going on: " + text);
            }
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        running = false;
        registration.unregister();
        thread.join(TimeUnit.SECONDS.toMillis(5));
        Child c = child;
        child = null;
        if (c != null) {
            // SIGTERM: its framework stops, and the node unregisters from the master.
            c.process.destroy();
            if (!c.process.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                c.process.destroyForcibly().waitFor();
            }
            c.link.close();
        }
    }
}
