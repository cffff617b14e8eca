package org.embodia.velma.ethercat;

/** The bus cannot be brought up: what failed, on which slave, and what to fix. */
public final class EthercatException extends Exception {
    private static final long serialVersionUID = 1L;

    public EthercatException(String message) {
        super(message);
    }
}
