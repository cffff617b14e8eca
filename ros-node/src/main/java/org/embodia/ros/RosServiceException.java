package org.embodia.ros;

/** A service that answered a call with an error: its {@code ok} byte 0 and the error string it sent. */
public class RosServiceException extends RosException {
    private static final long serialVersionUID = 1L;
    private final String serviceError;

    public RosServiceException(String service, String serviceError) {
        super("service [" + service + "] responded with an error: " + serviceError);
        this.serviceError = serviceError;
    }

    /** The error string the service sent. */
    public String serviceError() {
        return serviceError;
    }
}
