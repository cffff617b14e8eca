package org.embodia.api.agent;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The full name of a subsystem: its agent, its own name and its kind, written as [VELMA-STRUCT] writes
 * them, {@code core/a.lwr_l/re}. The control subsystem of an agent is {@code core/a./cs}.
 */
public record SubsystemName(AgentName agent, String name, SubsystemKind kind) {
    private static final Pattern FULL = Pattern.compile("([^/]+)/a\\.([^/]*)/([a-z]{2})");

    public SubsystemName {
        if (agent == null || kind == null) {
            throw new IllegalArgumentException("a subsystem name needs an agent and a kind");
        }
        if (kind == SubsystemKind.CONTROL) {
            if (name != null && !name.isEmpty()) {
                throw new IllegalArgumentException("the control subsystem of an agent has no name of its own, got '" + name + "'");
            }
            name = "";
        } else {
            AgentName.requireIdentifier("subsystem", name);
        }
    }

    /** Parses {@code agent/a.name/kind}, e.g. {@code core/a.body/ve}. */
    public static SubsystemName parse(String text) {
        Matcher m = FULL.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("subsystem name '" + text + "' is not of the form agent/a.name/kind, e.g. core/a.body/ve");
        }
        return new SubsystemName(new AgentName(m.group(1)), m.group(2), SubsystemKind.ofSuffix(m.group(3)));
    }

    @Override
    public String toString() {
        return agent + "/a." + name + "/" + kind.suffix();
    }
}
