package org.embodia.tools;

/** Bad input from the user: a malformed command line, definition or trace. Exit code 2. */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
