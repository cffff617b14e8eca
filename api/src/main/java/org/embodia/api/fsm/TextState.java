package org.embodia.api.fsm;

import org.embodia.api.fsm.state.Configuration;

/** A state defined in a file: a base state (implemented or text) and configuration layered on it. */
public record TextState(String name, String base, Configuration config, SourceLocation location) {
}
