package org.embodia.api.fsm;

/** Where something stands in a definition file; lines and columns count from 1. */
public record SourceLocation(String file, int line, int column) {
    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
