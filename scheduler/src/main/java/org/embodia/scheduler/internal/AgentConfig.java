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
record AgentConfig(String name, List<Activity> activities, List<Connection> connections, int overrunFault, int priority, int cpu,
        long spinNanos, Hosts hosts, List<String> problems) {

    /** Which part of a subsystem a pass runs: its whole step, or a {@code Hardware}'s read or write. */
    enum Phase {
        STEP, READ, WRITE
    }

    /** One pass of a subsystem in a cycle; {@code receive} null means every input (a read pass receives none). */
    record Step(Phase phase, String subsystem, List<String> receive) {
    }

    /**
     * An activity: periodic ({@code rateHz} > 0) or clocked by {@code clock}; a periodic one may be triggered by
     * subsystems' devices ({@code triggers}, comma-separated in the line), then each cycle starts once every one of
     * them has new data, or {@code deadlineNanos} after the last began.
     */
    record Activity(String name, double rateHz, String clock, List<String> triggers, long deadlineNanos, List<Step> steps) {
        String describe() {
            return clock != null ? "clock=" + clock
                    : !triggers.isEmpty() ? rateHz + " Hz, trigger=" + String.join(",", triggers) + " deadline=" + deadlineNanos / 1000 + " us"
                            : rateHz + " Hz";
        }
    }

    record Connection(String fromSubsystem, String output, String toSubsystem, String input, String text) {
    }

    private static final Pattern ACTIVITY = Pattern.compile(
            "\\s*(\\S+)\\s+(?:(\\d+(?:\\.\\d+)?)\\s*Hz(?:\\s+trigger=(\\S+)(?:\\s+deadline=(\\d+(?:\\.\\d+)?)\\s*(ms|us))?)?|clock=(\\S+))\\s*:(.*)");
    private static final Pattern STEP = Pattern.compile("\\s*(?:(read|write)\\s+)?([^()\\s]+)\\s*(?:\\(([^()]*)\\))?\\s*");
    /** Without a configured deadline, a triggered cycle waits for its trigger this many periods after the last began. */
    static final double DEFAULT_DEADLINE_PERIODS = 1.5;
    private static final Pattern CONNECTION = Pattern.compile("\\s*(\\S+):(\\w+)\\s*->\\s*(\\S+):(\\w+)\\s*");

    /** The configuration as one process, the leading host, sees it. */
    static AgentConfig parse(Map<String, ?> properties) {
        return parse(properties, Hosts.LEADER);
    }

    /** The configuration as the process that is host {@code host} sees it ({@link Hosts}). */
    static AgentConfig parse(Map<String, ?> properties, String host) {
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
                problems.add("activity '" + text + "' is not '<name> <rate>Hz: <steps>', '<name> <rate>Hz trigger=<subsystem>[,<subsystem>...]"
                        + " [deadline=<n>ms|us]: <steps>' or '<name> clock=<clock>: <steps>'");
                continue;
            }
            double rate = m.group(2) == null ? 0 : Double.parseDouble(m.group(2));
            if (m.group(2) != null && !(rate > 0)) {
                problems.add("activity '" + m.group(1) + "' needs a rate above 0 Hz");
            }
            List<String> triggers = m.group(3) == null ? List.of() : List.of(m.group(3).split(","));
            long deadline = 0;
            if (!triggers.isEmpty()) {
                for (String t : triggers) {
                    try {
                        SubsystemName.parse(t);
                    } catch (IllegalArgumentException e) {
                        problems.add("activity '" + m.group(1) + "': trigger: " + e.getMessage());
                    }
                }
                deadline = m.group(4) == null ? Math.round(DEFAULT_DEADLINE_PERIODS * 1e9 / rate)
                        : Math.round(Double.parseDouble(m.group(4)) * ("ms".equals(m.group(5)) ? 1e6 : 1e3));
                if (rate > 0 && deadline < Math.round(1e9 / rate)) {
                    problems.add("activity '" + m.group(1) + "': the deadline (" + deadline / 1000 + " us) is shorter than the period ("
                            + Math.round(1e6 / rate) + " us): the trigger could never start a cycle");
                }
            }
            List<Step> steps = new ArrayList<>();
            for (String stepText : splitTopLevel(m.group(7))) {
                Matcher s = STEP.matcher(stepText);
                if (!s.matches()) {
                    problems.add("activity '" + m.group(1) + "': step '" + stepText.trim()
                            + "' is not '<subsystem>', '<subsystem>(<input>, ...)', 'read <subsystem>' or 'write <subsystem>[(<input>, ...)]'");
                    continue;
                }
                String subsystem = s.group(2);
                try {
                    SubsystemName.parse(subsystem);
                } catch (IllegalArgumentException e) {
                    problems.add("activity '" + m.group(1) + "': " + e.getMessage());
                    continue;
                }
                String other = activityOf.putIfAbsent(subsystem, m.group(1));
                if (other != null && !other.equals(m.group(1))) {
                    problems.add("subsystem " + subsystem + " runs in two activities, '" + other + "' and '" + m.group(1)
                            + "': a subsystem runs in one activity (it may run several times per cycle there)");
                }
                Phase phase = s.group(1) == null ? Phase.STEP : "read".equals(s.group(1)) ? Phase.READ : Phase.WRITE;
                if (phase == Phase.READ && s.group(3) != null) {
                    problems.add("activity '" + m.group(1) + "': 'read " + subsystem + "' receives no input: a read pass publishes what the"
                            + " device sent");
                }
                List<String> receive = phase == Phase.READ ? List.of() : s.group(3) == null ? null
                        : Arrays.stream(s.group(3).split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
                steps.add(new Step(phase, subsystem, receive));
            }
            if (steps.isEmpty()) {
                problems.add("activity '" + m.group(1) + "' runs no subsystem");
            }
            for (String t : triggers) {
                if (steps.stream().noneMatch(st -> st.subsystem().equals(t))) {
                    problems.add("activity '" + m.group(1) + "': its trigger " + t + " is not one of its subsystems");
                }
            }
            activities.add(new Activity(m.group(1), rate, m.group(6), triggers, deadline, steps));
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
        Hosts hosts = Hosts.parse(host, strings(properties.get("hosts")), strings(properties.get("channels")),
                integer(properties, "passDeadlineMicros", 0, problems) * 1000L, integer(properties, "lastPassDeadlineMicros", 0, problems) * 1000L,
                problems);
        checkHosts(hosts, activities, connections, activityOf, problems);
        return new AgentConfig(name, activities, connections, integer(properties, "overrunFault", 10, problems),
                integer(properties, "priority", 80, problems), integer(properties, "cpu", -1, problems),
                integer(properties, "spinMicros", 100, problems) * 1000L, hosts, problems);
    }

    /** What a split across processes needs: the leader in every link and trigger, and streams enough to number them. */
    private static void checkHosts(Hosts hosts, List<Activity> activities, List<Connection> connections, Map<String, String> activityOf,
            List<String> problems) {
        for (String s : hosts.placed().keySet()) {
            if (!activityOf.containsKey(s)) {
                problems.add("hosts: " + s + " is placed on " + hosts.of(s) + ", but no activity runs it");
            }
        }
        if (!hosts.split()) {
            return;
        }
        for (Connection c : connections) {
            String from = hosts.of(c.fromSubsystem());
            String to = hosts.of(c.toSubsystem());
            if (!from.equals(to) && !from.equals(Hosts.LEADER) && !to.equals(Hosts.LEADER)) {
                problems.add("connection '" + c.text() + "' joins host " + from + " to host " + to + ": a link between processes has the leading"
                        + " host " + Hosts.LEADER + " at one end (route it through a subsystem there)");
            }
        }
        for (Activity a : activities) {
            for (String t : a.triggers()) {
                String host = hosts.of(t);
                if (!host.equals(Hosts.LEADER) && !endsTheCycle(a, t, host, hosts)) {
                    problems.add("activity '" + a.name() + "': its trigger " + t + " runs on host " + host + ", so a step of it is to be among"
                            + " the steps on " + host + " that end the cycle: that host answers them when its devices' data has come,"
                            + " which starts the leader's next cycle (e.g. '..., write " + t + "' last)");
                }
            }
        }
        if (activities.size() > Hosts.MOST) {
            problems.add("an agent split across processes has at most " + Hosts.MOST + " activities");
        }
        if (connections.size() >= Hosts.PASS_STREAMS - Hosts.DATA_STREAMS) {
            problems.add("an agent split across processes has fewer than " + (Hosts.PASS_STREAMS - Hosts.DATA_STREAMS) + " connections");
        }
        for (String host : hosts.names()) {
            long links = connections.stream().filter(c -> hosts.of(c.fromSubsystem()).equals(host) != hosts.of(c.toSubsystem()).equals(host)).count();
            if (links > 2 * Long.SIZE) {
                problems.add("host " + host + " has " + links + " links to other processes; at most " + Long.SIZE + " each way");
            }
        }
    }

    /** Whether {@code subsystem} has a step in the run of steps on {@code host} that ends the activity. */
    private static boolean endsTheCycle(Activity a, String subsystem, String host, Hosts hosts) {
        for (int k = a.steps().size() - 1; k >= 0 && hosts.of(a.steps().get(k).subsystem()).equals(host); k--) {
            if (a.steps().get(k).subsystem().equals(subsystem)) {
                return true;
            }
        }
        return false;
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
