package org.embodia.transport;

/** A link between processes could not be made: the reason says what to check. */
public final class TransportException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TransportException(String message, Throwable cause) {
        super(message, cause);
    }

    public TransportException(String message) {
        super(message);
    }
}
