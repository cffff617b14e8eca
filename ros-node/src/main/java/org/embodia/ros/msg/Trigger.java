package org.embodia.ros.msg;

import org.embodia.ros.ServiceType;

/** The service std_srvs/Trigger: its {@link TriggerRequest} and {@link TriggerResponse}. */
public final class Trigger {
    public static final ServiceType<TriggerRequest, TriggerResponse> TYPE =
            ServiceType.of("std_srvs/Trigger", TriggerRequest.TYPE, TriggerResponse.TYPE);

    private Trigger() {
    }
}
