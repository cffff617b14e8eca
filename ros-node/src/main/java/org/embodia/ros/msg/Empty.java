package org.embodia.ros.msg;

import org.embodia.ros.ServiceType;

/** The service std_srvs/Empty: its {@link EmptyRequest} and {@link EmptyResponse}. */
public final class Empty {
    public static final ServiceType<EmptyRequest, EmptyResponse> TYPE =
            ServiceType.of("std_srvs/Empty", EmptyRequest.TYPE, EmptyResponse.TYPE);

    private Empty() {
    }
}
