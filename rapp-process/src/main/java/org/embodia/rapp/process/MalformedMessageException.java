package org.embodia.rapp.process;

/** A message that is none of {@link AppMessage}'s: cut short, of an unknown kind, naming no RAPP API function. */
public class MalformedMessageException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public MalformedMessageException(String message) {
        super(message);
    }
}
