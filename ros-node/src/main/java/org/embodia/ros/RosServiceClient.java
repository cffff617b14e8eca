package org.embodia.ros;

import java.time.Duration;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Calls a service: looks it up with the master, keeps a persistent TCPROS connection to it, and looks it up again
 * when that connection fails.
 *
 * @param <Q> the request type
 * @param <R> the response type
 */
@ProviderType
public interface RosServiceClient<Q extends Message<Q>, R extends Message<R>> extends AutoCloseable {
    /** The resolved service name. */
    String name();

    ServiceType<Q, R> type();

    /** A new request message. */
    Q newRequest();

    /** A new response message. */
    R newResponse();

    /**
     * Calls the service with {@code request} and reads its answer into {@code response}, waiting for it.
     *
     * @throws RosServiceException when the service answers with an error
     * @throws RosException        when the service is not registered, cannot be reached or breaks the connection
     */
    void call(Q request, R response);

    /** Waits until the master knows the service, at most {@code timeout}; whether it does. */
    boolean waitForService(Duration timeout) throws InterruptedException;

    /** Closes its connection. */
    @Override
    void close();
}
