package org.embodia.ros.internal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.embodia.ros.Message;
import org.embodia.ros.RosServiceServer;
import org.embodia.ros.ServiceHandler;
import org.embodia.ros.ServiceType;

/**
 * A served service: each client connection on its own thread, with its own request and response messages; the
 * handler is called one request at a time. Each answer is the ok byte, then the response (ok 1) or the error
 * string (ok 0), length-prefixed.
 */
final class ServiceServerImpl<Q extends Message<Q>, R extends Message<R>> implements RosServiceServer {
    private static final System.Logger LOG = System.getLogger(ServiceServerImpl.class.getName());

    private final Node node;
    private final String name;
    private final ServiceType<Q, R> type;
    private final ServiceHandler<Q, R> handler;
    private final Object handlerLock = new Object();
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    volatile long requests;
    volatile long bytesReceived;
    volatile long bytesSent;

    ServiceServerImpl(Node node, String name, ServiceType<Q, R> type, ServiceHandler<Q, R> handler) {
        this.node = node;
        this.name = name;
        this.type = type;
        this.handler = handler;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ServiceType<?, ?> type() {
        return type;
    }

    @Override
    public void close() {
        node.removeService(this);
        shutdown();
    }

    void shutdown() {
        closed = true;
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                // closing
            }
        }
    }

    /** A client's connection, its header read: refused with the reason in the error field, or served here. */
    void serve(Socket socket, Map<String, String> header) throws IOException {
        OutputStream out = socket.getOutputStream();
        String md5 = header.getOrDefault("md5sum", "");
        if (closed) {
            ConnectionHeader.write(out, Map.of("error", "[" + node.name() + "] no longer provides [" + name + "]"));
            return;
        }
        if (!md5.equals("*") && !md5.equals(type.md5sum())) {
            String error = "request from [" + header.get("callerid") + "]: md5sums do not match: [" + md5 + "] vs. ["
                    + type.md5sum() + "]";
            LOG.log(System.Logger.Level.WARNING, "{0}: refused a client: {1}", name, error);
            ConnectionHeader.write(out, Map.of("error", error));
            return;
        }
        Map<String, String> reply = new LinkedHashMap<>();
        reply.put("callerid", node.name());
        reply.put("md5sum", type.md5sum());
        reply.put("type", type.name());
        reply.put("request_type", type.request().name());
        reply.put("response_type", type.response().name());
        ConnectionHeader.write(out, reply);
        if ("1".equals(header.get("probe"))) {
            return;
        }
        socket.setTcpNoDelay(true);
        sockets.add(socket);
        try {
            answer(socket.getInputStream(), out);
        } finally {
            sockets.remove(socket);
        }
    }

    private void answer(InputStream in, OutputStream out) throws IOException {
        Q request = type.request().create();
        R response = type.response().create();
        ByteBuffer input = Frames.allocate(256);
        ByteBuffer output = Frames.allocate(256);
        while (!closed) {
            try {
                input = Frames.read(in, input);
            } catch (EOFException e) {
                return;
            }
            bytesReceived += 4 + input.limit();
            requests++;
            String error = null;
            try {
                request.deserialize(input);
                synchronized (handlerLock) {
                    handler.handle(request, response);
                }
                int size = response.serializedSize();
                output = Frames.ensure(output, 5 + size);
                output.clear();
                output.put((byte) 1).putInt(size);
                response.serialize(output);
                output.flip();
            } catch (Exception e) {
                error = "error processing request: " + (e.getMessage() != null ? e.getMessage() : e.toString());
                LOG.log(System.Logger.Level.DEBUG, name + ": " + error, e);
            }
            if (error != null) {
                byte[] text = error.getBytes(StandardCharsets.UTF_8);
                output = Frames.ensure(output, 5 + text.length);
                output.clear();
                output.put((byte) 0).putInt(text.length).put(text);
                output.flip();
            }
            Frames.write(out, output);
            bytesSent += output.limit();
        }
    }
}
