package org.embodia.ros;

import org.embodia.ros.internal.MsgSpec;

/**
 * A ROS service type: its name ("package/Name"), request and response types, and ROS's md5sum of the service, the
 * md5 of the request's md5 text followed by the response's.
 *
 * @param <Q> the request's Java class
 * @param <R> the response's Java class
 */
public final class ServiceType<Q extends Message<Q>, R extends Message<R>> {
    private final String name;
    private final MessageType<Q> request;
    private final MessageType<R> response;
    private final String md5sum;

    private ServiceType(String name, MessageType<Q> request, MessageType<R> response) {
        this.name = name;
        this.request = request;
        this.response = response;
        this.md5sum = MsgSpec.md5Hex(request.md5Text() + response.md5Text());
    }

    /**
     * A service type; its request and response types are named "package/NameRequest" and "package/NameResponse",
     * each with its half of the .srv file as its text.
     */
    public static <Q extends Message<Q>, R extends Message<R>> ServiceType<Q, R> of(String name,
            MessageType<Q> request, MessageType<R> response) {
        return new ServiceType<>(name, request, response);
    }

    public String name() {
        return name;
    }

    public MessageType<Q> request() {
        return request;
    }

    public MessageType<R> response() {
        return response;
    }

    /** ROS's md5sum of the service. */
    public String md5sum() {
        return md5sum;
    }

    @Override
    public String toString() {
        return name + " [" + md5sum + "]";
    }
}
