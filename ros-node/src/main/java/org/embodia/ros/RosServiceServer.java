package org.embodia.ros;

import org.osgi.annotation.versioning.ProviderType;

/** A service this node serves. */
@ProviderType
public interface RosServiceServer extends AutoCloseable {
    /** The resolved service name. */
    String name();

    ServiceType<?, ?> type();

    /** Unregisters the service and closes its connections. */
    @Override
    void close();
}
