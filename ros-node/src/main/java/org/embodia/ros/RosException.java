package org.embodia.ros;

/** A ROS call that failed: the master or another node unreachable, refusing, or answering with an error. */
public class RosException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RosException(String message) {
        super(message);
    }

    public RosException(String message, Throwable cause) {
        super(message, cause);
    }
}
