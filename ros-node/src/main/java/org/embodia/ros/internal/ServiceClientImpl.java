package org.embodia.ros.internal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.embodia.ros.Message;
import org.embodia.ros.RosException;
import org.embodia.ros.RosServiceClient;
import org.embodia.ros.RosServiceException;
import org.embodia.ros.ServiceType;

/** Calls a service over a persistent TCPROS connection, looked up again with the master after a failure. */
final class ServiceClientImpl<Q extends Message<Q>, R extends Message<R>> implements RosServiceClient<Q, R> {
    private final Node node;
    private final String name;
    private final ServiceType<Q, R> type;
    private volatile Socket socket;
    private ByteBuffer output = Frames.allocate(256);
    private ByteBuffer input = Frames.allocate(256);
    private volatile boolean closed;

    ServiceClientImpl(Node node, String name, ServiceType<Q, R> type) {
        this.node = node;
        this.name = name;
        this.type = type;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ServiceType<Q, R> type() {
        return type;
    }

    @Override
    public Q newRequest() {
        return type.request().create();
    }

    @Override
    public R newResponse() {
        return type.response().create();
    }

    @Override
    public synchronized void call(Q request, R response) {
        if (closed) {
            throw new RosException("the client of service [" + name + "] is closed");
        }
        for (int attempt = 0;; attempt++) {
            boolean reused = socket != null;
            try {
                if (socket == null) {
                    socket = connect();
                }
                exchange(request, response);
                return;
            } catch (IOException e) {
                closeSocket();
                // a persistent connection may have gone stale (the server restarted): one fresh try
                if (!reused || attempt > 0) {
                    throw new RosException("service [" + name + "] failed: " + e.getMessage(), e);
                }
            } catch (RosServiceException e) {
                throw e;
            } catch (RuntimeException e) {
                closeSocket();
                throw e;
            }
        }
    }

    private void exchange(Q request, R response) throws IOException {
        int size = request.serializedSize();
        output = Frames.ensure(output, 4 + size);
        output.clear();
        output.putInt(size);
        request.serialize(output);
        output.flip();
        OutputStream out = socket.getOutputStream();
        Frames.write(out, output);
        InputStream in = socket.getInputStream();
        int ok = in.read();
        if (ok < 0) {
            throw new EOFException("service [" + name + "] closed the connection before answering");
        }
        input = Frames.read(in, input);
        if (ok == 0) {
            String error = new String(input.array(), 0, input.limit(), StandardCharsets.UTF_8);
            throw new RosServiceException(name, error);
        }
        response.deserialize(input);
    }

    private Socket connect() throws IOException {
        URI uri = lookup();
        if (uri == null) {
            throw new RosException("service [" + name + "] is not registered with the master at " + node.masterUri());
        }
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5000);
            s.setTcpNoDelay(true);
            Map<String, String> header = new LinkedHashMap<>();
            header.put("callerid", node.name());
            header.put("service", name);
            header.put("md5sum", type.md5sum());
            header.put("persistent", "1");
            ConnectionHeader.write(s.getOutputStream(), header);
            Map<String, String> reply = ConnectionHeader.read(s.getInputStream());
            if (reply.containsKey("error")) {
                throw new RosException("service [" + name + "] at " + uri + " refused the connection: "
                        + reply.get("error"));
            }
            return s;
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** The service's rosrpc URI, or null when the master does not know it. */
    private URI lookup() throws IOException {
        XmlRpcClient.RosAnswer a = node.rpc().rosCall(node.masterUri(), Duration.ofSeconds(10), "lookupService",
                node.name(), name);
        if (a.code() != 1) {
            return null;
        }
        return URI.create(String.valueOf(a.value()));
    }

    @Override
    public boolean waitForService(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                if (lookup() != null) {
                    return true;
                }
            } catch (IOException e) {
                // the master is not there (yet)
            }
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(200);
        }
    }

    @Override
    public void close() {
        closed = true;
        Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // closing; a call under way fails
            }
        }
    }

    private void closeSocket() {
        Socket s = socket;
        socket = null;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // closing
            }
        }
    }
}
