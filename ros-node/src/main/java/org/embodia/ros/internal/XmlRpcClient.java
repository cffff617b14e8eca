package org.embodia.ros.internal;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.embodia.ros.RosException;

/** Calls XML-RPC methods over the JDK's HTTP client (HTTP/1.1, as ROS's Python servers speak it). */
public final class XmlRpcClient {
    /** What a ROS API call answered: its status code, status message and value. */
    public record RosAnswer(int code, String status, Object value) {
    }

    private final ExecutorService executor;
    private final HttpClient http;

    public XmlRpcClient(String threadName) {
        executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
                .executor(executor).build();
    }

    /** Calls {@code method} at {@code uri}; the answer's value, or the fault it answered. */
    public Object call(URI uri, Duration timeout, String method, Object... params)
            throws IOException, XmlRpc.Fault, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).header("Content-Type", "text/xml")
                .POST(HttpRequest.BodyPublishers.ofString(XmlRpc.methodCall(method, params), StandardCharsets.UTF_8))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + " from " + uri + " for " + method);
        }
        try {
            return XmlRpc.parseResponse(response.body());
        } catch (IllegalArgumentException e) {
            throw new IOException(uri + " answered " + method + " with malformed XML-RPC: " + e.getMessage(), e);
        }
    }

    /**
     * Calls a ROS API method, whose answer is [code, statusMessage, value]; IOException when the other side cannot be
     * reached or answers nonsense (interruption included).
     */
    public RosAnswer rosCall(URI uri, Duration timeout, String method, Object... params) throws IOException {
        Object answer;
        try {
            answer = call(uri, timeout, method, params);
        } catch (XmlRpc.Fault f) {
            throw new RosException(uri + " answered " + method + " with a fault: " + f.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted calling " + method + " at " + uri, e);
        }
        if (!(answer instanceof List<?> list) || list.size() < 3 || !(list.get(0) instanceof Integer code)) {
            throw new IOException(uri + " answered " + method + " with " + answer + ", not [code, status, value]");
        }
        return new RosAnswer(code, String.valueOf(list.get(1)), list.get(2));
    }

    /** A ROS API call's value when its code is 1 (success); RosException with its status otherwise. */
    public Object rosValue(URI uri, Duration timeout, String method, Object... params) throws IOException {
        RosAnswer a = rosCall(uri, timeout, method, params);
        if (a.code() != 1) {
            throw new RosException(uri + " answered " + method + " with " + (a.code() == 0 ? "failure" : "error")
                    + ": " + a.status());
        }
        return a.value();
    }

    public void close() {
        executor.shutdownNow();
    }
}
