package org.embodia.scheduler.internal;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.AgentSwap;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.osgi.framework.BundleException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/** Gogo commands (scope {@code agent}) over the agents the scheduler runs. */
@Component(service = AgentCommands.class, property = {
        "osgi.command.scope=agent",
        "osgi.command.function=list",
        "osgi.command.function=subsystems",
        "osgi.command.function=diag",
        "osgi.command.function=switches",
        "osgi.command.function=watch",
        "osgi.command.function=steady",
        "osgi.command.function=buffer",
        "osgi.command.function=pause", "osgi.command.function=reset",
        "osgi.command.function=resume",
        "osgi.command.function=step",
        "osgi.command.function=swap"})
public final class AgentCommands {
    private final AgentSwap swap;
    private final List<Agent> agents = new CopyOnWriteArrayList<>();

    @Activate
    public AgentCommands(@Reference AgentSwap swap) {
        this.swap = swap;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addAgent(Agent agent) {
        agents.add(agent);
    }

    void removeAgent(Agent agent) {
        agents.remove(agent);
    }

    /** agent:list — every agent, its status and its subsystems' states. */
    @Descriptor("lists every agent with its status, its subsystems' current states and its problems")
    public String list() {
        return agents.stream().map(a -> a.name() + "  " + a.status() + "\n" + subsystems(a)
                + a.problems().stream().map(p -> "\n  ! " + p).collect(Collectors.joining())).collect(Collectors.joining("\n"));
    }

    /** agent:subsystems &lt;agent&gt; — its subsystems, their activity and current state. */
    @Descriptor("lists an agent's subsystems with their activity and current state")
    public String subsystems(@Descriptor("the agent's name") String agent) {
        return subsystems(agent(agent));
    }

    private static String subsystems(Agent a) {
        return a.subsystems().stream().map(s -> "  " + s.name() + "  [" + s.activity() + "]  "
                + (!s.present() ? "ABSENT" : s.state() == null ? "(no FSM)" : s.state()) + (s.fault() == null ? "" : "  FAULT " + s.fault()))
                .collect(Collectors.joining("\n"));
    }

    /** agent:diag — {@link #diag(String)} of every agent. */
    @Descriptor("shows every agent's diagnostics: per activity cycles, overruns, wake latency, period and compute; per subsystem"
            + " iterations, failures and compute")
    public String diag() {
        if (agents.isEmpty()) {
            return "no agents";
        }
        return agents.stream().map(a -> diag(a)).collect(Collectors.joining("\n"));
    }

    /** agent:diag &lt;agent&gt; — per activity and subsystem: cycles, overruns, latency and compute time. */
    @Descriptor("shows an agent's diagnostics: per activity cycles, overruns, wake latency, period and compute; per subsystem"
            + " iterations, failures and compute")
    public String diag(@Descriptor("the agent's name") String agent) {
        return diag(agent(agent));
    }

    private static String diag(Agent a) {
        StringBuilder out = new StringBuilder(a.name() + "  " + a.status() + "\n");
        for (ActivityDiagnostics d : a.activities()) {
            out.append("activity ").append(d.name()).append(" (").append(d.clock()).append("): ").append(d.cycles()).append(" cycles, ")
                    .append(overruns(d)).append(d.fault() ? ", FAULT" : "").append("\n  ").append(d.realtime());
            if (d.clock().startsWith("clock=")) {
                out.append("\n  wake latency not measured: the clock's thread waits for its ticks");
            } else if (d.clock().startsWith("passes asked")) {
                out.append("\n  runs the passes the leading host asks for in its cycle; period and compute are those passes'")
                        .append("\n  request taken (the leader's cycle start to this host taking its request) ").append(d.wakeLatency())
                        .append("\n  answer sent (the leader's cycle start to this host's answer) ").append(d.sleepLatency());
            } else if (d.clock().contains("trigger=")) {
                out.append("\n  ").append(d.missedTriggers()).append(" cycles began at their deadline without the trigger's data, ")
                        .append(d.skippedTicks()).append(" ticks got no cycle (data no cycle took, or deadlines passed while no trigger)")
                        .append("\n  wake latency (the data's arrival, at most, or the deadline, to cycle start) ").append(d.wakeLatency());
            } else {
                out.append("\n  ").append(d.skippedTicks()).append(" deadlines passed without their cycle")
                        .append("\n  wake latency (deadline to cycle start, after the spin) ").append(d.wakeLatency())
                        .append("\n  sleep latency (wake-up after the time asked, before the spin; cyclictest's figure) ")
                        .append(d.sleepLatency());
            }
            out.append("\n  period       ").append(d.period()).append("\n  compute      ").append(d.compute()).append('\n');
        }
        for (SubsystemDiagnostics s : a.subsystems()) {
            if (s.activity() != null && s.activity().contains(" on host ") && s.iterations() == 0 && s.failures() == 0) {
                // Another host's subsystem, seen from a host that does not lead: only its state comes here.
                out.append("subsystem ").append(s.name()).append(" (").append(s.activity()).append("): ")
                        .append(!s.present() ? "NOT HEARD OF" : s.state() == null ? "(no FSM)" : s.state()).append('\n');
            } else if (s.activity() != null && s.activity().contains(" on host ")) {
                out.append("subsystem ").append(s.name()).append(" (").append(s.activity()).append("): ").append(s.present() ? "" : "NOT HEARD OF, ")
                        .append(s.iterations()).append(" passes answered, ").append(s.failures()).append(" missed, round trip ").append(s.compute())
                        .append('\n');
            } else {
                out.append("subsystem ").append(s.name()).append(": ").append(s.iterations()).append(" iterations, ").append(s.failures())
                        .append(" failures, compute ").append(s.compute()).append('\n');
            }
            if (s.lastFailure() != null) {
                out.append("  last failure: ").append(s.lastFailure()).append('\n');
            }
        }
        a.problems().forEach(p -> out.append("! ").append(p).append('\n'));
        return out.toString();
    }

    private static String overruns(ActivityDiagnostics d) {
        if (d.clock().startsWith("passes asked")) {
            return d.overruns() + " overruns and " + d.missedPasses() + " missed passes, as the leading host counts them";
        }
        if (d.periodNanos() <= 0) {
            return "overruns not counted (the clock ticks on demand, without a period)";
        }
        String limit = String.format(Locale.ROOT, "%.1f ms", d.periodNanos() / 1e6);
        return d.overruns() + (d.clock().startsWith("clock=") ? " overruns (compute above the clock's period of " + limit + ")"
                : d.clock().contains("trigger=") ? " overruns (compute above the period of " + limit + ")"
                : " overruns (cycles ended after the next deadline, " + limit + " apart)");
    }

    /** agent:switches &lt;agent&gt; &lt;subsystem&gt; — the last state switches with their predicate values. */
    @Descriptor("shows a subsystem's last state switches with the predicate values that ended each state")
    public String switches(@Descriptor("the agent's name") String agent, @Descriptor("the subsystem's name, e.g. core/a.counter/vr") String subsystem) {
        return agent(agent).switches(subsystem).stream()
                .map(s -> "cycle " + s.cycle() + "  " + s.from() + " -> " + s.to() + "  " + predicates(s))
                .collect(Collectors.joining("\n"));
    }

    /**
     * agent:watch &lt;agent&gt; &lt;subsystem&gt; &lt;seconds&gt; — prints the subsystem's state, then each change of it as it
     * comes, for that long. A subsystem this process runs: every switch, from the ring agent:switches reads, with its
     * cycle and the predicates that caused it. One another process runs: its state as the pass messages bring it, looked
     * at every millisecond, so a state that lasts one cycle may pass unseen there.
     */
    @Descriptor("prints a subsystem's state and each change of it, as it comes, for some seconds")
    public String watch(@Descriptor("the agent's name") String agent, @Descriptor("the subsystem's name, e.g. core/a.body/ve") String subsystem,
            @Descriptor("for how long (s)") double seconds) throws InterruptedException {
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        String last = null;
        // The last switch printed: its cycle, and how many of that cycle were (a subsystem may run twice a cycle).
        long lastCycle = -1;
        int ofLastCycle = 0;
        int changes = 0;
        while (System.nanoTime() < end) {
            // An agent not (yet) configured is watched until it is: a script may start before its configuration came.
            Agent a = agents.stream().filter(x -> x.name().equals(agent)).findFirst().orElse(null);
            String now = a == null ? "ABSENT (no agent " + agent + ")" : a.subsystems().stream().filter(d -> d.name().equals(subsystem)).findFirst()
                    .map(d -> !d.present() ? "ABSENT" : String.valueOf(d.state()))
                    .orElseThrow(() -> new IllegalArgumentException("agent " + agent + " has no subsystem " + subsystem));
            List<StateSwitch> switches = a == null ? null : switchesHere(a, subsystem);
            double t = (System.nanoTime() - start) / 1e9;
            if (last == null) {
                System.out.printf(Locale.ROOT, "%8.3f s %s %s%n", t, subsystem, now);
                if (switches != null && !switches.isEmpty()) {
                    lastCycle = switches.get(switches.size() - 1).cycle();
                    ofLastCycle = (int) switches.stream().filter(sw -> sw.cycle() == switches.get(switches.size() - 1).cycle()).count();
                }
            } else if (switches != null) {
                int seen = 0;
                for (StateSwitch sw : switches) {
                    if (sw.cycle() == lastCycle && ++seen <= ofLastCycle || sw.cycle() < lastCycle) {
                        continue;
                    }
                    System.out.printf(Locale.ROOT, "%8.3f s %s cycle %d  %s -> %s  %s%n", t, subsystem, sw.cycle(), sw.from(), sw.to(),
                            predicates(sw));
                    ofLastCycle = sw.cycle() == lastCycle ? ofLastCycle + 1 : 1;
                    lastCycle = sw.cycle();
                    changes++;
                }
            } else if (!now.equals(last)) {
                System.out.printf(Locale.ROOT, "%8.3f s %s %s -> %s%n", t, subsystem, last, now);
                changes++;
            }
            System.out.flush();
            last = now;
            Thread.sleep(1);
        }
        return subsystem + ": " + changes + " changes in " + seconds + " s, now " + last;
    }

    /** The subsystem's switches if this process runs it, else null. */
    private static List<StateSwitch> switchesHere(Agent a, String subsystem) {
        try {
            return a.switches(subsystem);
        } catch (IllegalArgumentException elsewhere) {
            return null;
        }
    }

    private static String predicates(StateSwitch s) {
        return s.predicates().entrySet().stream().map(e -> (e.getValue() ? "" : "!") + e.getKey()).collect(Collectors.joining(" "));
    }

    /**
     * agent:steady [--gaps] &lt;agent&gt; &lt;seconds&gt; &lt;timeout&gt; — waits until the agent has run that long without
     * an overrun or a gap in its data (a missed pass of another host, a cycle begun at its deadline without the
     * trigger's data): before moving a robot, whose first seconds (the JIT compiling each of its JVMs) are not yet its
     * steady pace. With {@code --gaps} only gaps count: a late cycle whose data all came in time gave every subsystem
     * its data, where a gap leaves one without (ve_body without the KRCs' status or cs's command goes to safe).
     */
    @Descriptor("waits until an agent has run some seconds without an overrun or a gap in its data (a missed pass, a cycle without the"
            + " trigger's data)")
    public String steady(
            @Descriptor("count only gaps in the data, not late cycles whose data all came in time")
            @Parameter(names = {"-g", "--gaps"}, presentValue = "true", absentValue = "false") boolean gapsOnly,
            @Descriptor("the agent's name") String agent, @Descriptor("how long without one (s)") double seconds,
            @Descriptor("how long to wait at most (s)") double timeout) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + (long) (timeout * 1e9);
        long need = (long) (seconds * 1e9);
        long last = -1;
        long since = start;
        while (true) {
            Agent a = agents.stream().filter(x -> x.name().equals(agent)).findFirst().orElse(null);
            long now = System.nanoTime();
            long faults = a == null || a.status() != Agent.Status.RUNNING ? -1
                    : a.activities().stream().mapToLong(d -> d.missedPasses() + d.missedTriggers() + (gapsOnly ? 0 : d.overruns())).sum();
            if (faults < 0 || faults != last) {
                last = faults;
                since = now;
            } else if (now - since >= need) {
                return String.format(Locale.ROOT, "%s: %.1f s without %s, after %.1f s", agent, seconds,
                        gapsOnly ? "a gap in its data" : "an overrun or a gap in its data", (now - start) / 1e9);
            }
            if (now - deadline >= 0) {
                throw new IllegalStateException(agent + (faults < 0 ? " is not running"
                        : " had " + (gapsOnly ? "gaps in its data" : "overruns or gaps in its data") + " within every " + seconds + " s")
                        + " for " + timeout + " s");
            }
            Thread.sleep(100);
        }
    }

    /** agent:buffer &lt;agent&gt; &lt;subsystem&gt; &lt;buffer&gt; — a buffer's last message. */
    @Descriptor("shows the last message of a subsystem's buffer (exact while the agent is paused)")
    public String buffer(@Descriptor("the agent's name") String agent, @Descriptor("the subsystem's name") String subsystem,
            @Descriptor("the input or output buffer's name") String buffer) {
        return agent(agent).lastMessage(subsystem, buffer);
    }

    @Descriptor("forgets an agent's activity figures so far (overruns, latency, period and compute), e.g. after a warm-up")
    public String reset(@Descriptor("the agent's name") String agent) {
        agent(agent).resetDiagnostics();
        return agent + ": diagnostics reset";
    }

    @Descriptor("pauses an agent's activities at their next cycle boundary")
    public String pause(@Descriptor("the agent's name") String agent) {
        agent(agent).pause();
        return agent + " paused";
    }

    @Descriptor("resumes a paused agent's activities")
    public String resume(@Descriptor("the agent's name") String agent) {
        agent(agent).resume();
        return agent + " resumed";
    }

    /** agent:step &lt;agent&gt; [n] — runs cycles of a paused agent. */
    @Descriptor("runs cycles of a paused agent, then shows its subsystems")
    public String step(@Descriptor("the agent's name") String agent, @Descriptor("how many cycles") int cycles) {
        Agent a = agent(agent);
        a.step(cycles);
        return subsystems(a);
    }

    @Descriptor("runs one cycle of a paused agent, then shows its subsystems")
    public String step(@Descriptor("the agent's name") String agent) {
        return step(agent, 1);
    }

    /**
     * agent:swap &lt;from&gt; &lt;to&gt; — {@link AgentSwap}: replaces the subsystems of the bundles {@code from} by those of
     * the bundles {@code to}, each a comma-separated list of symbolic names; {@code to} may instead be a location to
     * install from ({@code file:...}).
     */
    @Descriptor("replaces the subsystems of some bundles by those of others, at a cycle boundary; the old ones stop once the new"
            + " ones run")
    public String swap(@Descriptor("the bundles to replace: symbolic names, comma-separated") String from,
            @Descriptor("the replacements: symbolic names, comma-separated, or a location to install from (file:...)") String to) throws BundleException, InterruptedException {
        AgentSwap.Swap done = to.contains(":") ? swap.install(names(from), to) : swap.swap(names(from), names(to));
        return "swapped " + String.join(",", done.stopped()) + " for " + String.join(",", done.started()) + " ("
                + String.join(", ", done.subsystems()) + ")";
    }

    private static List<String> names(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).map(String::trim).toList();
    }

    private Agent agent(String name) {
        return agents.stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "no agent '" + name + "' (agents: " + agents.stream().map(Agent::name).collect(Collectors.joining(", ")) + ")"));
    }
}
