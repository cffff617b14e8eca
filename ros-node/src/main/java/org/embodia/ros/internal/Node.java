package org.embodia.ros.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.embodia.ros.ActionHandler;
import org.embodia.ros.ActionType;
import org.embodia.ros.Message;
import org.embodia.ros.MessageHandler;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosActionServer;
import org.embodia.ros.RosException;
import org.embodia.ros.RosNode;
import org.embodia.ros.RosPublisher;
import org.embodia.ros.RosServiceClient;
import org.embodia.ros.RosServiceServer;
import org.embodia.ros.RosSubscriber;
import org.embodia.ros.ServiceHandler;
import org.embodia.ros.ServiceType;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The node: the Slave API on the JDK's HTTP server, one TCPROS server socket for its topics and services, the
 * Master API calls, and the watch that asks the master's pid every second and registers everything again when the
 * master comes back or another one answers.
 */
public final class Node implements RosNode {
    private static final System.Logger LOG = System.getLogger(Node.class.getName());
    private static final Duration MASTER_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration WATCH_TIMEOUT = Duration.ofSeconds(3);
    private static final long WATCH_PERIOD_MS = 1000;

    private final String name;
    private final URI masterUri;
    private final InetAddress host;
    private final String hostAddress;
    private final XmlRpcClient rpc;
    private final ExecutorService slaveExecutor;
    private final HttpServer slave;
    private final URI uri;
    private final ServerSocket tcpros;
    private final String tcprosUri;
    private final Thread acceptor;
    private final Thread watch;
    private final Map<String, Publication<?>> publications = new ConcurrentHashMap<>();
    private final Map<String, Subscription<?>> subscriptions = new ConcurrentHashMap<>();
    private final Map<String, ServiceServerImpl<?, ?>> services = new ConcurrentHashMap<>();
    private final Set<ActionServerImpl<?, ?, ?>> actionServers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger connectionIds = new AtomicInteger();
    private volatile boolean closed;
    private volatile boolean masterReachable = true;
    private volatile int masterPid;
    private volatile boolean registrationDue;
    private volatile int reregistrations;

    private Node(String name, URI masterUri, InetAddress host, XmlRpcClient rpc, int masterPid) throws IOException {
        this.name = name;
        this.masterUri = masterUri;
        this.host = host;
        this.hostAddress = host.getHostAddress();
        this.rpc = rpc;
        this.masterPid = masterPid;
        String uriHost = host instanceof Inet6Address ? "[" + hostAddress + "]" : hostAddress;
        slaveExecutor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "ros " + name + " slave api");
            t.setDaemon(true);
            return t;
        });
        slave = HttpServer.create(new InetSocketAddress(host, 0), 50);
        slave.setExecutor(slaveExecutor);
        slave.createContext("/", this::handleSlaveCall);
        tcpros = new ServerSocket();
        try {
            tcpros.bind(new InetSocketAddress(host, 0), 50);
        } catch (IOException e) {
            slaveExecutor.shutdownNow();
            throw e;
        }
        uri = URI.create("http://" + uriHost + ":" + slave.getAddress().getPort() + "/");
        tcprosUri = "rosrpc://" + uriHost + ":" + tcpros.getLocalPort();
        acceptor = new Thread(this::acceptLoop, "ros " + name + " tcpros accept");
        acceptor.setDaemon(true);
        watch = new Thread(this::watchLoop, "ros " + name + " master watch");
        watch.setDaemon(true);
    }

    /** See {@link RosNode#start}. */
    public static Node start(URI masterUri, String name, InetAddress host) {
        String nodeName = name.startsWith("/") ? name : "/" + name;
        if (nodeName.length() < 2 || nodeName.endsWith("/")) {
            throw new IllegalArgumentException("not a node name: '" + name + "'");
        }
        XmlRpcClient rpc = new XmlRpcClient("ros " + nodeName + " xml-rpc");
        int pid;
        try {
            pid = ((Number) rpc.rosValue(masterUri, MASTER_TIMEOUT, "getPid", nodeName)).intValue();
        } catch (IOException | RuntimeException e) {
            rpc.close();
            throw new RosException("No ROS master answers at " + masterUri + " (getPid failed: " + describe(e)
                    + "); start roscore there or give the URI of a running one", e);
        }
        Node node;
        try {
            node = new Node(nodeName, masterUri, host, rpc, pid);
        } catch (IOException e) {
            rpc.close();
            throw new RosException("node " + nodeName + " cannot serve on " + host + ": " + e.getMessage(), e);
        }
        node.slave.start();
        node.acceptor.start();
        node.watch.start();
        LOG.log(System.Logger.Level.INFO, "ROS node {0} at {1}, master {2} (pid {3})", nodeName, node.uri, masterUri,
                String.valueOf(pid));
        return node;
    }

    private static String describe(Throwable e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    XmlRpcClient rpc() {
        return rpc;
    }

    int nextConnectionId() {
        return connectionIds.incrementAndGet();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public URI masterUri() {
        return masterUri;
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public boolean isMasterReachable() {
        return masterReachable;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public int reregistrations() {
        return reregistrations;
    }

    @Override
    public String resolve(String topic) {
        if (topic == null || topic.isEmpty()) {
            throw new IllegalArgumentException("an empty ROS name");
        }
        String resolved;
        if (topic.startsWith("/")) {
            resolved = topic;
        } else if (topic.startsWith("~")) {
            resolved = name + "/" + topic.substring(1).replaceFirst("^/", "");
        } else {
            resolved = "/" + topic;
        }
        resolved = resolved.replaceAll("/+", "/");
        return resolved.length() > 1 && resolved.endsWith("/") ? resolved.substring(0, resolved.length() - 1)
                : resolved;
    }

    // ---- topics and services

    @Override
    public <M extends Message<M>> RosPublisher<M> advertise(String topic, MessageType<M> type, boolean latch) {
        return advertise(topic, type, latch, false);
    }

    /** Advertises {@code topic}; a queued publisher sends every message to every subscriber (see Publication). */
    <M extends Message<M>> RosPublisher<M> advertise(String topic, MessageType<M> type, boolean latch,
            boolean queued) {
        checkOpen();
        String resolved = resolve(topic);
        Publication<M> p = new Publication<>(this, resolved, type, latch, queued);
        if (publications.putIfAbsent(resolved, p) != null) {
            throw new IllegalStateException(name + " already publishes " + resolved);
        }
        p.start();
        try {
            registerPublisher(p);
        } catch (RosException e) {
            publications.remove(resolved, p);
            p.shutdown();
            throw e;
        }
        return p;
    }

    @Override
    public <M extends Message<M>> RosSubscriber<M> subscribe(String topic, MessageType<M> type,
            MessageHandler<M> handler, boolean tcpNoDelay) {
        checkOpen();
        String resolved = resolve(topic);
        Subscription<M> s = new Subscription<>(this, resolved, type, handler, tcpNoDelay);
        if (subscriptions.putIfAbsent(resolved, s) != null) {
            throw new IllegalStateException(name + " already subscribes to " + resolved);
        }
        try {
            registerSubscriber(s, false);
        } catch (RosException e) {
            subscriptions.remove(resolved, s);
            s.shutdown();
            throw e;
        }
        return s;
    }

    @Override
    public <Q extends Message<Q>, R extends Message<R>> RosServiceServer advertiseService(String service,
            ServiceType<Q, R> type, ServiceHandler<Q, R> handler) {
        checkOpen();
        String resolved = resolve(service);
        ServiceServerImpl<Q, R> s = new ServiceServerImpl<>(this, resolved, type, handler);
        if (services.putIfAbsent(resolved, s) != null) {
            throw new IllegalStateException(name + " already serves " + resolved);
        }
        try {
            registerService(s);
        } catch (RosException e) {
            services.remove(resolved, s);
            s.shutdown();
            throw e;
        }
        return s;
    }

    @Override
    public <Q extends Message<Q>, R extends Message<R>> RosServiceClient<Q, R> serviceClient(String service,
            ServiceType<Q, R> type) {
        checkOpen();
        return new ServiceClientImpl<>(this, resolve(service), type);
    }

    @Override
    public <G extends Message<G>, R extends Message<R>, F extends Message<F>> RosActionServer actionServer(
            String name, ActionType<G, R, F> type, ActionHandler<G, R, F> handler) {
        checkOpen();
        return ActionServerImpl.start(this, resolve(name), type, handler);
    }

    @Override
    public Map<String, String> publishedTopics(String subgraph) {
        Object value = masterValue("getPublishedTopics", name, subgraph);
        Map<String, String> topics = new LinkedHashMap<>();
        if (value instanceof List<?> list) {
            for (Object pair : list) {
                if (pair instanceof List<?> p && p.size() == 2) {
                    topics.put(String.valueOf(p.get(0)), String.valueOf(p.get(1)));
                }
            }
        }
        return topics;
    }

    @Override
    public int masterPid() {
        return ((Number) masterValue("getPid", name)).intValue();
    }

    private Object masterValue(String method, Object... params) {
        try {
            return rpc.rosValue(masterUri, MASTER_TIMEOUT, method, params);
        } catch (IOException e) {
            throw new RosException("No ROS master answers at " + masterUri + " (" + method + ": " + describe(e) + ")",
                    e);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("ROS node " + name + " is closed");
        }
    }

    void removePublication(Publication<?> p) {
        if (publications.remove(p.topic(), p)) {
            quietly("unregisterPublisher", name, p.topic(), uri.toString());
        }
    }

    void removeSubscription(Subscription<?> s) {
        if (subscriptions.remove(s.topic(), s)) {
            quietly("unregisterSubscriber", name, s.topic(), uri.toString());
        }
    }

    void addActionServer(ActionServerImpl<?, ?, ?> s) {
        actionServers.add(s);
    }

    void removeActionServer(ActionServerImpl<?, ?, ?> s) {
        actionServers.remove(s);
    }

    void removeService(ServiceServerImpl<?, ?> s) {
        if (services.remove(s.name(), s)) {
            quietly("unregisterService", name, s.name(), tcprosUri);
        }
    }

    private void quietly(String method, Object... params) {
        if (!masterReachable) {
            return;
        }
        try {
            rpc.rosCall(masterUri, Duration.ofSeconds(2), method, params);
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "{0}: {1} failed: {2}", name, method, e);
        }
    }

    // ---- registration

    /** Registers with the master; when it cannot be reached, the watch registers when it can. */
    private void registerPublisher(Publication<?> p) {
        try {
            rpc.rosValue(masterUri, MASTER_TIMEOUT, "registerPublisher", name, p.topic(), p.type().name(),
                    uri.toString());
        } catch (IOException e) {
            deferRegistration("registerPublisher " + p.topic(), e);
        }
    }

    private void registerSubscriber(Subscription<?> s, boolean again) {
        try {
            Object publishers = rpc.rosValue(masterUri, MASTER_TIMEOUT, "registerSubscriber", name, s.topic(),
                    s.type().name(), uri.toString());
            if (publishers instanceof List<?> list) {
                s.updatePublishers(list, !again);
            }
        } catch (IOException e) {
            deferRegistration("registerSubscriber " + s.topic(), e);
        }
    }

    private void registerService(ServiceServerImpl<?, ?> s) {
        try {
            rpc.rosValue(masterUri, MASTER_TIMEOUT, "registerService", name, s.name(), tcprosUri, uri.toString());
        } catch (IOException e) {
            deferRegistration("registerService " + s.name(), e);
        }
    }

    private void deferRegistration(String what, IOException e) {
        registrationDue = true;
        LOG.log(System.Logger.Level.WARNING, "{0}: {1} failed, to be done when the master at {2} answers: {3}",
                name, what, masterUri, describe(e));
    }

    /** Registers everything again; false if the master could not be reached for some of it. */
    private boolean registerAll() {
        registrationDue = false;
        for (Publication<?> p : publications.values()) {
            registerPublisher(p);
        }
        for (Subscription<?> s : subscriptions.values()) {
            registerSubscriber(s, true);
        }
        for (ServiceServerImpl<?, ?> s : services.values()) {
            registerService(s);
        }
        return !registrationDue;
    }

    private void watchLoop() {
        while (!closed) {
            try {
                Thread.sleep(WATCH_PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
            int pid;
            try {
                pid = ((Number) rpc.rosValue(masterUri, WATCH_TIMEOUT, "getPid", name)).intValue();
            } catch (IOException | RuntimeException e) {
                if (closed) {
                    return;
                }
                if (masterReachable) {
                    LOG.log(System.Logger.Level.WARNING, "{0}: the ROS master at {1} does not answer ({2}); "
                            + "registering again when it does", name, masterUri, describe(e));
                }
                masterReachable = false;
                continue;
            }
            boolean restarted = !masterReachable || pid != masterPid;
            if (restarted) {
                LOG.log(System.Logger.Level.INFO, "{0}: the ROS master at {1} answers again (pid {2}, was {3}); "
                        + "registering again", name, masterUri, String.valueOf(pid), String.valueOf(masterPid));
            }
            masterPid = pid;
            masterReachable = true;
            if (restarted || registrationDue) {
                try {
                    if (registerAll() && restarted) {
                        reregistrations++;
                    }
                } catch (RuntimeException e) {
                    registrationDue = true;
                    LOG.log(System.Logger.Level.WARNING, name + ": registering again failed", e);
                }
            }
        }
    }

    // ---- TCPROS server

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = tcpros.accept();
            } catch (IOException e) {
                if (!closed) {
                    LOG.log(System.Logger.Level.ERROR, name + ": the TCPROS server failed", e);
                }
                return;
            }
            Thread t = new Thread(() -> serveConnection(socket), "ros " + name + " tcpros " + socket.getPort());
            t.setDaemon(true);
            t.start();
        }
    }

    private void serveConnection(Socket socket) {
        try (socket) {
            socket.setSoTimeout(30_000);
            Map<String, String> header = ConnectionHeader.read(socket.getInputStream());
            socket.setSoTimeout(0);
            OutputStream out = socket.getOutputStream();
            if (header.containsKey("service")) {
                ServiceServerImpl<?, ?> s = services.get(header.get("service"));
                if (s == null) {
                    ConnectionHeader.write(out, Map.of("error",
                            "[" + name + "] is not a provider of [" + header.get("service") + "]"));
                } else {
                    s.serve(socket, header);
                }
            } else if (header.containsKey("topic")) {
                Publication<?> p = publications.get(header.get("topic"));
                if (p == null) {
                    ConnectionHeader.write(out, Map.of("error", "[" + name + "] is not a publisher of ["
                            + header.get("topic") + "]. Topics are " + publications.keySet()));
                } else {
                    p.serve(socket, header, nextConnectionId());
                }
            } else {
                ConnectionHeader.write(out, Map.of("error", "unhandled connection: neither topic nor service"));
            }
        } catch (SocketException e) {
            LOG.log(System.Logger.Level.DEBUG, "{0}: a TCPROS connection ended: {1}", name, e);
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "{0}: a TCPROS connection failed: {1}", name, e);
        }
    }

    // ---- Slave API

    private void handleSlaveCall(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String reply;
            try {
                XmlRpc.Call call = XmlRpc.parseCall(body);
                reply = XmlRpc.response(slaveCall(call.method(), call.params()));
            } catch (RuntimeException e) {
                reply = XmlRpc.fault(1, describe(e));
            }
            byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/xml");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    private static List<Object> answer(int code, String status, Object value) {
        List<Object> a = new ArrayList<>(3);
        a.add(code);
        a.add(status);
        a.add(value);
        return a;
    }

    private Object slaveCall(String method, List<Object> params) {
        return switch (method) {
            case "getBusStats" -> answer(1, "bus stats", busStats());
            case "getBusInfo" -> answer(1, "bus info", busInfo());
            case "getMasterUri" -> answer(1, "", masterUri.toString());
            case "shutdown" -> {
                String reason = params.size() > 1 ? String.valueOf(params.get(1)) : "";
                LOG.log(System.Logger.Level.WARNING, "{0}: shutdown requested by {1}: {2}", name,
                        params.isEmpty() ? "?" : params.get(0), reason);
                Thread t = new Thread(this::close, "ros " + name + " shutdown");
                t.setDaemon(true);
                t.start();
                yield answer(1, "shutdown", 0);
            }
            case "getPid" -> answer(1, "", (int) ProcessHandle.current().pid());
            case "getSubscriptions" -> {
                List<Object> list = new ArrayList<>();
                for (Subscription<?> s : subscriptions.values()) {
                    list.add(List.of(s.topic(), s.type().name()));
                }
                yield answer(1, "subscriptions", list);
            }
            case "getPublications" -> {
                List<Object> list = new ArrayList<>();
                for (Publication<?> p : publications.values()) {
                    list.add(List.of(p.topic(), p.type().name()));
                }
                yield answer(1, "publications", list);
            }
            case "paramUpdate" -> answer(1, "", 0);
            case "publisherUpdate" -> {
                if (params.size() < 3 || !(params.get(2) instanceof List<?> publishers)) {
                    yield answer(-1, "publisherUpdate(caller_id, topic, publishers) expected", 0);
                }
                Subscription<?> s = subscriptions.get(String.valueOf(params.get(1)));
                if (s != null) {
                    s.updatePublishers(publishers, true);
                }
                yield answer(1, "", 0);
            }
            case "requestTopic" -> requestTopic(params);
            default -> throw new IllegalArgumentException("method \"" + method + "\" is not supported");
        };
    }

    private Object requestTopic(List<Object> params) {
        if (params.size() < 3 || !(params.get(2) instanceof List<?> protocols)) {
            return answer(-1, "requestTopic(caller_id, topic, protocols) expected", List.of());
        }
        String topic = String.valueOf(params.get(1));
        if (!publications.containsKey(topic)) {
            return answer(-1, "Not a publisher of [" + topic + "]", List.of());
        }
        for (Object p : protocols) {
            if (p instanceof List<?> protocol && !protocol.isEmpty() && "TCPROS".equals(protocol.get(0))) {
                return answer(1, "ready on " + hostAddress + ":" + tcpros.getLocalPort(),
                        List.of("TCPROS", hostAddress, tcpros.getLocalPort()));
            }
        }
        return answer(0, "no supported protocol implementations", List.of());
    }

    private List<Object> busStats() {
        List<Object> publishStats = new ArrayList<>();
        for (Publication<?> p : publications.values()) {
            List<Object> connections = new ArrayList<>();
            for (Publication.PubConnection c : p.connectionList()) {
                connections.add(List.of(c.id, (double) c.bytesSent, (double) c.messages, !c.closed));
            }
            publishStats.add(List.of(p.topic(), (double) p.messagesSent(), connections));
        }
        List<Object> subscribeStats = new ArrayList<>();
        for (Subscription<?> s : subscriptions.values()) {
            List<Object> connections = new ArrayList<>();
            for (Subscription<?>.SubConnection c : s.connectionList()) {
                connections.add(List.of(c.id, (double) c.bytesReceived, -1, c.connected));
            }
            subscribeStats.add(List.of(s.topic(), connections));
        }
        long requests = 0;
        long received = 0;
        long sent = 0;
        for (ServiceServerImpl<?, ?> s : services.values()) {
            requests += s.requests;
            received += s.bytesReceived;
            sent += s.bytesSent;
        }
        return List.of(publishStats, subscribeStats, List.of((double) requests, (double) received, (double) sent));
    }

    private List<Object> busInfo() {
        List<Object> info = new ArrayList<>();
        for (Publication<?> p : publications.values()) {
            for (Publication.PubConnection c : p.connectionList()) {
                if (!c.closed) {
                    info.add(List.of(c.id, c.callerId, "o", "TCPROS", p.topic(), true,
                            "TCPROS connection on port " + c.socket.getLocalPort() + " to ["
                                    + c.socket.getRemoteSocketAddress() + "]"));
                }
            }
        }
        for (Subscription<?> s : subscriptions.values()) {
            for (Subscription<?>.SubConnection c : s.connectionList()) {
                info.add(List.of(c.id, c.publisherUri, "i", "TCPROS", s.topic(), c.connected,
                        "TCPROS connection to [" + c.publisherId + "]"));
            }
        }
        return info;
    }

    // ---- closing

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        watch.interrupt();
        for (ActionServerImpl<?, ?, ?> a : List.copyOf(actionServers)) {
            a.close();
        }
        for (Publication<?> p : List.copyOf(publications.values())) {
            p.close();
        }
        for (Subscription<?> s : List.copyOf(subscriptions.values())) {
            s.close();
        }
        for (ServiceServerImpl<?, ?> s : List.copyOf(services.values())) {
            s.close();
        }
        try {
            tcpros.close();
        } catch (IOException e) {
            // closing
        }
        slave.stop(0);
        slaveExecutor.shutdownNow();
        rpc.close();
        LOG.log(System.Logger.Level.INFO, "ROS node {0} closed", name);
    }

    @Override
    public String toString() {
        return "ROS node " + name + " at " + uri + " (master " + masterUri + ")";
    }
}
