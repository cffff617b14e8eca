package org.embodia.ros.msg;

import org.embodia.ros.ServiceType;

/** The service std_srvs/SetBool: its {@link SetBoolRequest} and {@link SetBoolResponse}. */
public final class SetBool {
    public static final ServiceType<SetBoolRequest, SetBoolResponse> TYPE =
            ServiceType.of("std_srvs/SetBool", SetBoolRequest.TYPE, SetBoolResponse.TYPE);

    private SetBool() {
    }
}
