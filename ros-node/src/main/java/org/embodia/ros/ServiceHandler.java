package org.embodia.ros;

/**
 * Serves a service's requests, one call at a time, on the connection's thread.
 *
 * @param <Q> the request type
 * @param <R> the response type
 */
@FunctionalInterface
public interface ServiceHandler<Q extends Message<Q>, R extends Message<R>> {
    /**
     * Fills {@code response} for {@code request}; both belong to the connection and are reused. An exception
     * thrown here answers the caller with ROS's error (the {@code ok} byte 0 and the exception's message).
     */
    void handle(Q request, R response) throws Exception;
}
