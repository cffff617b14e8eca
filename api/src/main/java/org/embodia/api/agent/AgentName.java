package org.embodia.api.agent;

import java.util.regex.Pattern;

/** The name of an agent, such as {@code core} or {@code ros_interface} ([VELMA-STRUCT]). */
public record AgentName(String value) {
    static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    public AgentName {
        requireIdentifier("agent", value);
    }

    static void requireIdentifier(String what, String value) {
        if (value == null || !IDENTIFIER.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " name '" + value
                    + "' must start with a letter and hold only letters, digits and '_'");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
