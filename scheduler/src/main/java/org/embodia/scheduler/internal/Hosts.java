package org.embodia.scheduler.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which process (a "host") runs which of an agent's subsystems, as FABRIC runs each subsystem as a process of its own
 * ([VELMA-STRUCT]). Every process of the agent has the same configuration and says which host it is by the framework
 * property {@value #PROPERTY}. Subsystems the configuration's {@code hosts} do not place run on {@value #LEADER}, whose
 * process leads every activity: it runs the cycle and asks the other hosts for their passes in its order. A link
 * between processes is an Aeron stream on the channel of the host that reads it ({@code channels}; {@code aeron:ipc}
 * unless configured, e.g. {@code aeron:udp?endpoint=10.0.0.2:40124} for a host on another machine).
 *
 * @param local the host this process is
 * @param placed the subsystems placed on a host, by name
 * @param names every host the configuration names, the leader first: a host's index numbers its streams
 * @param channels configured channels by host
 * @param passDeadlineNanos until when after a cycle's start the leader waits for the other hosts' passes; 0: most of the period
 * @param lastPassDeadlineNanos until when after the next cycle's start the leader waits for a host whose passes end the
 *        cycle; 0: a share of the period. Longer than what is left of the period, it lets that host pace the cycle as
 *        a device does (velma-hw's KRCs trigger theirs, with a deadline): a late answer makes a late cycle, not a
 *        cycle without its data.
 */
record Hosts(String local, Map<String, String> placed, List<String> names, Map<String, String> channels, long passDeadlineNanos,
        long lastPassDeadlineNanos) {
    /** The framework property naming the host a process is. */
    static final String PROPERTY = "embodia.host";
    /** The host of what is not placed elsewhere, which leads the activities. */
    static final String LEADER = "main";
    static final String DEFAULT_CHANNEL = "aeron:ipc";
    /** Data link streams: this plus the connection's index. */
    static final int DATA_STREAMS = 1000;
    /** Pass streams: this plus 2 × (activity index × {@link #MOST} + host index), the request; the answer the next. */
    static final int PASS_STREAMS = 2000;
    /** The most hosts (and activities) an agent's processes number their streams for. */
    static final int MOST = 100;

    private static final Pattern PLACEMENT = Pattern.compile("\\s*([A-Za-z][\\w-]*)\\s*:(.*)");
    private static final Pattern CHANNEL = Pattern.compile("\\s*([A-Za-z][\\w-]*)\\s*=\\s*(aeron:\\S+)\\s*");

    static Hosts parse(String local, List<String> placements, List<String> channelTexts, long passDeadlineNanos, long lastPassDeadlineNanos,
            List<String> problems) {
        Map<String, String> placed = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(List.of(LEADER));
        for (String text : placements) {
            Matcher m = PLACEMENT.matcher(text);
            if (!m.matches()) {
                problems.add("hosts: '" + text + "' is not '<host>: <subsystem>, <subsystem>...'");
                continue;
            }
            String host = m.group(1);
            if (!names.contains(host)) {
                names.add(host);
            }
            for (String s : m.group(2).split(",")) {
                String subsystem = s.trim();
                if (subsystem.isEmpty()) {
                    continue;
                }
                String other = placed.putIfAbsent(subsystem, host);
                if (other != null) {
                    problems.add("hosts: " + subsystem + " is placed on two hosts, " + other + " and " + host);
                }
            }
        }
        Map<String, String> channels = new LinkedHashMap<>();
        for (String text : channelTexts) {
            Matcher m = CHANNEL.matcher(text);
            if (!m.matches()) {
                problems.add("channels: '" + text + "' is not '<host>=aeron:<channel>', e.g. 'cs=aeron:udp?endpoint=10.0.0.2:40124'");
                continue;
            }
            if (!names.contains(m.group(1))) {
                problems.add("channels: host '" + m.group(1) + "' runs no subsystem (hosts: " + String.join(", ", names) + ")");
            }
            channels.put(m.group(1), m.group(2));
        }
        if (names.size() > MOST) {
            problems.add("hosts: at most " + MOST + " hosts, got " + names.size());
        }
        if (!names.contains(local)) {
            problems.add("this process is host '" + local + "' (framework property " + PROPERTY + "), which the agent does not name (hosts: "
                    + String.join(", ", names) + ")");
        }
        return new Hosts(local, Map.copyOf(placed), List.copyOf(names), Map.copyOf(channels), passDeadlineNanos, lastPassDeadlineNanos);
    }

    String of(String subsystem) {
        return placed.getOrDefault(subsystem, LEADER);
    }

    boolean local(String subsystem) {
        return of(subsystem).equals(local);
    }

    boolean leads() {
        return LEADER.equals(local);
    }

    /** Whether the agent spans processes. */
    boolean split() {
        return names.size() > 1;
    }

    /** The channel on which {@code host} reads its links. */
    String channel(String host) {
        return channels.getOrDefault(host, DEFAULT_CHANNEL);
    }

    int requestStream(int activity, String host) {
        return PASS_STREAMS + 2 * (activity * MOST + names.indexOf(host));
    }

    int answerStream(int activity, String host) {
        return requestStream(activity, host) + 1;
    }

    static int dataStream(int connection) {
        return DATA_STREAMS + connection;
    }
}
