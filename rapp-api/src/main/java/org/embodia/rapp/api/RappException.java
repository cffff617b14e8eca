package org.embodia.rapp.api;

/**
 * A RAPP API call that could not be carried out: the virtual effector or receptor rejected it (its reason is the
 * message), it did not complete in time, or the agent has been terminated.
 */
public class RappException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RappException(String message) {
        super(message);
    }

    public RappException(String message, Throwable cause) {
        super(message, cause);
    }
}
