package org.embodia.scheduler.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.embodia.api.agent.SubsystemName;

/**
 * An agent's configuration (see {@code Agent}), parsed with every problem listed. Checks that
 * need the subsystems themselves (buffers and their types) happen when they are wired.
 */
record AgentConfig(String name, List<Activity> activities, List<Connection> connections, int overrunFault, int priority,
        long spinNanos, List<String> problems) {

    /** One pass of a subsystem in a cycle; {@code receive} null means every input. */
    record Step(String subsystem, List<String> receive) {
    }

    /** An activity: periodic ({@code rateHz} > 0) or clocked by {@code clock}. */
    record Activity(String name, double rateHz, String clock, List<Step> steps) {
        String describe() {
            return clock == null ? rateHz + " Hz" : "clock=" + clock;
        }
    }

    record Connection(String fromSubsystem, String output, String toSubsystem, String input, String text) {
    }

    private static final Pattern ACTIVITY = Pattern.compile("\\s*(\\S+)\\s+(?:(\\d+(?:\\.\\d+)?)\\s*Hz|clock=(\\S+))\\s*:(.*)");
    private static final Pattern STEP = Pattern.compile("\\s*([^()\\s]+)\\s*(?:\\(([^()]*)\\))?\\s*");
    private static final Pattern CONNECTION = Pattern.compile("\\s*(\\S+):(\\w+)\\s*->\\s*(\\S+):(\\w+)\\s*");

    static AgentConfig parse(Map<String, ?> properties) {
        List<String> problems = new ArrayList<>();
        Object n = properties.get("name");
        String name = n == null ? "" : String.valueOf(n);
        if (name.isBlank()) {
            problems.add("the agent needs a 'name'");
        }
        List<Activity> activities = new ArrayList<>();
        Map<String, String> activityOf = new HashMap<>();
        for (String text : strings(properties.get("activities"))) {
            Matcher m = ACTIVITY.matcher(text);
            if (!m.matches()) {
                problems.add("activity '" + text + "' is not '<name> <rate>Hz: <steps>' or '<name> clock=<clock>: <steps>'");
                continue;
            }
            double rate = m.group(2) == null ? 0 : Double.parseDouble(m.group(2));
            if (m.group(2) != null && !(rate > 0)) {
                problems.add("activity '" + m.group(1) + "' needs a rate above 0 Hz");
            }
            List<Step> steps = new ArrayList<>();
            for (String stepText : splitTopLevel(m.group(4))) {
                Matcher s = STEP.matcher(stepText);
                if (!s.matches()) {
                    problems.add("activity '" + m.group(1) + "': step '" + stepText.trim() + "' is not '<subsystem>' or '<subsystem>(<input>, ...)'");
                    continue;
                }
                try {
                    SubsystemName.parse(s.group(1));
                } catch (IllegalArgumentException e) {
                    problems.add("activity '" + m.group(1) + "': " + e.getMessage());
                    continue;
                }
                String other = activityOf.putIfAbsent(s.group(1), m.group(1));
                if (other != null && !other.equals(m.group(1))) {
                    problems.add("subsystem " + s.group(1) + " runs in two activities, '" + other + "' and '" + m.group(1)
                            + "': a subsystem runs in one activity (it may run several times per cycle there)");
                }
                List<String> receive = s.group(2) == null ? null
                        : Arrays.stream(s.group(2).split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
                steps.add(new Step(s.group(1), receive));
            }
            if (steps.isEmpty()) {
                problems.add("activity '" + m.group(1) + "' runs no subsystem");
            }
            activities.add(new Activity(m.group(1), rate, m.group(3), steps));
        }
        if (activities.isEmpty()) {
            problems.add("the agent needs at least one entry in 'activities'");
        }
        List<Connection> connections = new ArrayList<>();
        Set<String> inputs = new LinkedHashSet<>();
        for (String text : strings(properties.get("connections"))) {
            Matcher m = CONNECTION.matcher(text);
            if (!m.matches()) {
                problems.add("connection '" + text + "' is not '<subsystem>:<output> -> <subsystem>:<input>'");
                continue;
            }
            Connection c = new Connection(m.group(1), m.group(2), m.group(3), m.group(4), text.trim());
            for (String sub : List.of(c.fromSubsystem(), c.toSubsystem())) {
                if (!activityOf.containsKey(sub)) {
                    problems.add("connection '" + c.text() + "' names " + sub + ", which no activity runs");
                }
            }
            if (!inputs.add(c.toSubsystem() + ":" + c.input())) {
                problems.add("input " + c.toSubsystem() + ":" + c.input() + " has two writers: a buffer has exactly one");
            }
            connections.add(c);
        }
        return new AgentConfig(name, activities, connections, integer(properties, "overrunFault", 10, problems),
                integer(properties, "priority", 80, problems), integer(properties, "spinMicros", 100, problems) * 1000L, problems);
    }

    Set<String> subsystems() {
        Set<String> all = new LinkedHashSet<>();
        activities.forEach(a -> a.steps().forEach(s -> all.add(s.subsystem())));
        return all;
    }

    String activityOf(String subsystem) {
        for (Activity a : activities) {
            for (Step s : a.steps()) {
                if (s.subsystem().equals(subsystem)) {
                    return a.name();
                }
            }
        }
        return null;
    }

    private static int integer(Map<String, ?> properties, String key, int otherwise, List<String> problems) {
        Object v = properties.get(key);
        if (v == null) {
            return otherwise;
        }
        try {
            return v instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            problems.add("'" + key + "' must be an integer, not '" + v + "'");
            return otherwise;
        }
    }

    /** Config Admin gives String[], a Collection or a single String. */
    private static List<String> strings(Object v) {
        if (v == null) {
            return List.of();
        }
        if (v instanceof String[] a) {
            return List.of(a);
        }
        if (v instanceof Collection<?> c) {
            return c.stream().map(String::valueOf).toList();
        }
        return List.of(String.valueOf(v));
    }

    /** Splits on commas outside parentheses. */
    private static List<String> splitTopLevel(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts.stream().filter(p -> !p.isBlank()).toList();
    }
}
