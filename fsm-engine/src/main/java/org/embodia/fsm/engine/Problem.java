package org.embodia.fsm.engine;

import org.embodia.api.fsm.SourceLocation;

/** One thing wrong with a definition file, where it stands. */
public record Problem(SourceLocation location, String message) {
    @Override
    public String toString() {
        return location + ": " + message;
    }
}
