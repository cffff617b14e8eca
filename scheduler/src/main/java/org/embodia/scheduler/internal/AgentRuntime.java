package org.embodia.scheduler.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.embodia.api.agent.CycleTrigger;
import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmCatalog;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.scheduler.ActivityClock;
import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.ActivityHistograms;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.AgentLayout;
import org.embodia.scheduler.BufferWatch;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.embodia.transport.BufferTransport;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.RemoteWriter;
import org.embodia.transport.TransportException;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * Runs one agent (docs/architecture.md contract 4): tracks the subsystem, behaviour and clock services,
 * and once every subsystem the configuration names is present and wires correctly, starts the
 * activities. Afterwards, a subsystem that goes away leaves the plan (its readers get no new data),
 * and a replacement (the newest service of a name wins) takes over at a cycle boundary.
 */
// Immediate: an agent runs once configured, not when a shell first asks for it (a process that only hosts subsystems
// has no shell that would).
@Component(configurationPid = Agent.FACTORY_PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = Agent.class, immediate = true)
public final class AgentRuntime implements Agent {

    /** A service offering a subsystem, newest first. */
    private record Offer(Subsystem subsystem, long id, int ranking) {
    }

    private static final Comparator<Offer> BEST = Comparator.comparingInt(Offer::ranking).thenComparingLong(Offer::id).reversed();

    private final FsmCatalog catalog;
    private final AgentConfig config;
    private final Map<String, List<Offer>> offers = new HashMap<>();
    private final Map<String, Map<String, Behavior>> behaviors = new HashMap<>();
    private final ClassPreload preload = new ClassPreload();
    private final Map<String, ActivityClock> clocks = new HashMap<>();
    private final Map<Long, SubsystemRuntime> runtimes = new HashMap<>();
    private final Map<String, Activity> activities = new LinkedHashMap<>();
    /**
     * The activities as the last rebuild or deactivation left them, for the shell's calls (status, pause, step,
     * diagnostics), which take no lock: {@link #activities} changes only under this object's lock.
     */
    private volatile List<Activity> running = List.of();
    /** Plans built before the activities exist, handed to them when they start. */
    private final Map<String, ActivityPlan> pendingPlans = new HashMap<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();
    private final List<String> runtimeProblems = new CopyOnWriteArrayList<>();
    private volatile Map<String, SubsystemRuntime> active = Map.of();
    private volatile Status status = Status.WAITING;
    private boolean activated;
    private long generation;
    /** The subsystems this process runs: all of them, unless the agent spans processes ({@link Hosts}). */
    private final List<String> localSubsystems;
    /** The state slots' subsystems, the configuration's order: the same in every process of the agent. */
    private final List<String> slots;
    private final RemoteStates remoteStates;
    private BufferTransport transport;
    private RemoteLinks links;
    /** The leader's remote steps, by subsystem, for the diagnostics; empty elsewhere. */
    private volatile Map<String, RemoteGroup> remoteGroups = Map.of();

    @Activate
    public AgentRuntime(@Reference FsmCatalog catalog, Map<String, Object> properties, BundleContext context) {
        this(catalog, properties, context == null ? null : context.getProperty(Hosts.PROPERTY));
    }

    /** The agent as host {@code host} runs it; null or blank: {@value Hosts#LEADER}. */
    AgentRuntime(FsmCatalog catalog, Map<String, Object> properties, String host) {
        this.catalog = catalog;
        this.config = AgentConfig.parse(properties, host == null || host.isBlank() ? Hosts.LEADER : host.trim());
        this.slots = List.copyOf(config.subsystems());
        this.localSubsystems = slots.stream().filter(config.hosts()::local).toList();
        this.remoteStates = new RemoteStates(slots.size());
    }

    @Activate
    synchronized void activate() {
        activated = true;
        rebuild();
    }

    @Deactivate
    synchronized void deactivate() {
        activated = false;
        activities.values().forEach(Activity::stop);
        activities.values().forEach(a -> a.current().disconnect());
        activities.clear();
        running = List.of();
        status = Status.WAITING;
        closeLinks();
    }

    private void closeLinks() {
        if (links != null) {
            links.close();
            links = null;
        }
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    synchronized void setTransport(BufferTransport transport) {
        this.transport = transport;
        rebuild();
    }

    synchronized void unsetTransport(BufferTransport transport) {
        if (this.transport == transport) {
            // Its links are gone with it: the plan leaves the other hosts' steps out until another transport comes, and the
            // links close once no activity runs the old plan.
            this.transport = null;
            RemoteLinks old = links;
            links = null;
            rebuild();
            if (old != null) {
                old.close();
            }
        }
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    synchronized void addSubsystem(Subsystem subsystem, Map<String, Object> properties) {
        offers.computeIfAbsent(subsystem.name().toString(), k -> new ArrayList<>())
                .add(new Offer(subsystem, (Long) properties.get(Constants.SERVICE_ID), ranking(properties)));
        rebuild();
    }

    synchronized void removeSubsystem(Subsystem subsystem, Map<String, Object> properties) {
        long id = (Long) properties.get(Constants.SERVICE_ID);
        offers.values().forEach(list -> list.removeIf(o -> o.id() == id));
        rebuild();
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            target = "(&(" + Subsystem.SUBSYSTEM_PROPERTY + "=*)(" + Subsystem.BEHAVIOR_PROPERTY + "=*))")
    synchronized void addBehavior(Behavior behavior, Map<String, Object> properties) {
        behaviors.computeIfAbsent(String.valueOf(properties.get(Subsystem.SUBSYSTEM_PROPERTY)), k -> new HashMap<>())
                .put(String.valueOf(properties.get(Subsystem.BEHAVIOR_PROPERTY)), behavior);
        rebuild();
    }

    synchronized void removeBehavior(Behavior behavior, Map<String, Object> properties) {
        Map<String, Behavior> of = behaviors.get(String.valueOf(properties.get(Subsystem.SUBSYSTEM_PROPERTY)));
        if (of != null) {
            of.values().remove(behavior);
        }
        rebuild();
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    synchronized void addClock(ActivityClock clock, Map<String, Object> properties) {
        clocks.put(String.valueOf(properties.get(ActivityClock.NAME_PROPERTY)), clock);
        rebuild();
    }

    synchronized void removeClock(ActivityClock clock, Map<String, Object> properties) {
        clocks.values().remove(clock);
        rebuild();
    }

    private static int ranking(Map<String, Object> properties) {
        return properties.get(Constants.SERVICE_RANKING) instanceof Integer r ? r : 0;
    }

    /** Works out what runs now and publishes it; called whenever a service or the configuration changes. */
    private void rebuild() {
        if (!activated) {
            return;
        }
        problems.clear();
        if (!config.problems().isEmpty()) {
            problems.addAll(config.problems());
            status = Status.CONFIG_ERROR;
            return;
        }
        Map<String, SubsystemRuntime> chosen = new LinkedHashMap<>();
        Map<String, List<Offer>> candidates = new HashMap<>();
        List<String> missing = new ArrayList<>();
        for (String name : localSubsystems) {
            List<Offer> ordered = offers.getOrDefault(name, List.of()).stream().sorted(BEST).toList();
            candidates.put(name, new ArrayList<>(ordered));
            if (ordered.isEmpty()) {
                missing.add("waiting for subsystem " + name);
            }
        }
        Map<String, List<String>> invalid = Map.of();
        List<String> rejected = new ArrayList<>();
        // The newest offer of each name; one that wires wrongly is reported and the next one tried.
        for (int attempt = 0; attempt <= offers.values().stream().mapToInt(List::size).sum(); attempt++) {
            chosen.clear();
            for (String name : localSubsystems) {
                for (Offer offer : candidates.get(name)) {
                    SubsystemRuntime rt = runtimes.get(offer.id());
                    if (rt == null) {
                        rt = create(name, offer, missing);
                        if (rt == null) {
                            continue;
                        }
                        runtimes.put(offer.id(), rt);
                    }
                    chosen.put(name, rt);
                    break;
                }
            }
            invalid = validate(chosen);
            boolean retry = false;
            for (String name : invalid.keySet()) {
                List<Offer> left = candidates.get(name);
                if (left.size() > 1) {
                    rejected.addAll(invalid.get(name));
                    left.remove(0);
                    retry = true;
                }
            }
            if (!retry) {
                break;
            }
        }
        runtimes.values().removeIf(rt -> offers.getOrDefault(rt.name, List.of()).stream().noneMatch(o -> o.id() == rt.serviceId));
        List<String> invalidMessages = invalid.values().stream().flatMap(List::stream).toList();
        rejected.forEach(r -> problems.add(r + " (a newer offer, not used)"));
        boolean started = !activities.isEmpty();
        for (AgentConfig.Activity a : config.activities()) {
            if (a.clock() != null && !clocks.containsKey(a.clock())) {
                missing.add((started ? "clock " + a.clock() + " is gone: activity " + a.name() + " gets no cycles"
                        : "waiting for clock " + a.clock() + " (activity " + a.name() + ")"));
            }
        }
        if (config.hosts().split() && transport == null) {
            missing.add("waiting for a BufferTransport (bundle org.embodia.transport.aeron, configured) to reach the agent's other hosts: "
                    + String.join(", ", config.hosts().names().stream().filter(h -> !h.equals(config.hosts().local())).toList()));
        }
        problems.addAll(invalidMessages);
        problems.addAll(missing);
        if (!started) {
            if (!invalid.isEmpty()) {
                status = Status.CONFIG_ERROR;
                return;
            }
            if (!missing.isEmpty()) {
                status = Status.WAITING;
                return;
            }
            publish(chosen);
            startActivities();
            return;
        }
        // Running: run without what is missing or wired wrongly, and say so.
        chosen.keySet().removeAll(invalid.keySet());
        publish(chosen);
        for (AgentConfig.Activity a : config.activities()) {
            if (a.clock() != null && activities.get(a.name()) instanceof ClockedActivity c) {
                c.source(clocks.get(a.clock()));
            }
        }
    }

    private SubsystemRuntime create(String name, Offer offer, List<String> missing) {
        Subsystem s = offer.subsystem();
        FsmExecutor fsm = null;
        if (s.fsm() != null) {
            Optional<FsmDefinition> d = catalog.definition(s.fsm());
            if (d.isEmpty()) {
                missing.add("subsystem " + name + ": waiting for its FSM definition " + s.fsm());
                return null;
            }
            try {
                fsm = FsmExecutor.create(d.get(), behaviors.getOrDefault(name, Map.of()), s.predicates());
            } catch (IllegalArgumentException e) {
                missing.add("subsystem " + name + ": waiting: " + e.getMessage());
                return null;
            }
        }
        preload.preload(s);
        behaviors.getOrDefault(name, Map.of()).values().forEach(preload::preload);
        return new SubsystemRuntime(name, s, offer.id(), config.activityOf(name), fsm);
    }

    /** What is wired wrongly, by subsystem: inputs a step receives that it lacks, unknown buffers, type mismatches. */
    private Map<String, List<String>> validate(Map<String, SubsystemRuntime> chosen) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (AgentConfig.Activity a : config.activities()) {
            for (AgentConfig.Step step : a.steps()) {
                SubsystemRuntime rt = chosen.get(step.subsystem());
                if (rt == null || step.receive() == null) {
                    continue;
                }
                for (String in : step.receive()) {
                    if (!rt.inputs.containsKey(in)) {
                        out.computeIfAbsent(rt.name, k -> new ArrayList<>()).add("subsystem " + rt.name + ": activity " + a.name()
                                + " receives its input '" + in + "', which it does not have (inputs: " + String.join(", ", rt.inputs.keySet()) + ")");
                    }
                }
            }
        }
        for (AgentConfig.Connection c : config.connections()) {
            SubsystemRuntime from = chosen.get(c.fromSubsystem());
            SubsystemRuntime to = chosen.get(c.toSubsystem());
            OutputBuffer<?> o = from == null ? null : from.outputs.get(c.output());
            InputBuffer<?> i = to == null ? null : to.inputs.get(c.input());
            if (from != null && o == null) {
                out.computeIfAbsent(from.name, k -> new ArrayList<>()).add("subsystem " + from.name + ": connection '" + c.text()
                        + "' names its output '" + c.output() + "', which it does not have (outputs: " + String.join(", ", from.outputs.keySet()) + ")");
            }
            if (to != null && i == null) {
                out.computeIfAbsent(to.name, k -> new ArrayList<>()).add("subsystem " + to.name + ": connection '" + c.text()
                        + "' names its input '" + c.input() + "', which it does not have (inputs: " + String.join(", ", to.inputs.keySet()) + ")");
            }
            if (o != null && i != null && o.type() != i.type()) {
                out.computeIfAbsent(to.name, k -> new ArrayList<>()).add("subsystem " + to.name + ": connection '" + c.text() + "' joins "
                        + o.type().getName() + " to " + i.type().getName());
            }
        }
        return out;
    }

    /** Builds each activity's plan from the chosen subsystems and publishes it. */
    private void publish(Map<String, SubsystemRuntime> chosen) {
        long gen = ++generation;
        Hosts hosts = config.hosts();
        if (hosts.split() && transport != null && links == null) {
            links = new RemoteLinks(transport, hosts, slots.size());
        }
        if (links != null) {
            links.beginPlan();
        }
        Map<String, RemoteGroup> groups = new HashMap<>();
        List<AgentConfig.Activity> all = config.activities();
        for (int ai = 0; ai < all.size(); ai++) {
            AgentConfig.Activity a = all.get(ai);
            if (!hosts.leads() && a.steps().stream().noneMatch(st -> hosts.local(st.subsystem()))) {
                continue;
            }
            int[] groupOf = groups(a);
            List<ActivityPlan.Step> steps = new ArrayList<>();
            // A group that ends the cycle is asked for there and awaited at the start of the next (RemoteGroup.request).
            int last = groupOf.length == 0 ? ActivityPlan.Step.LEADER : groupOf[groupOf.length - 1];
            // Without a transport (its bundle gone) the other hosts' steps are left out: their readers get no new data.
            boolean remoteSteps = hosts.leads() && links != null;
            RemoteGroup[] remote = remoteSteps ? remoteGroups(ai, a, groupOf, chosen) : new RemoteGroup[0];
            if (last != ActivityPlan.Step.LEADER && remoteSteps) {
                steps.add(new ActivityPlan.Step(remote[last], AgentConfig.Phase.READ));
            }
            for (int k = 0; k < a.steps().size(); k++) {
                AgentConfig.Step s = a.steps().get(k);
                String host = hosts.of(s.subsystem());
                if (hosts.leads() && groupOf[k] != ActivityPlan.Step.LEADER) {
                    if (remoteSteps && (k == 0 || groupOf[k - 1] != groupOf[k])) {
                        RemoteGroup g = remote[groupOf[k]];
                        steps.add(new ActivityPlan.Step(g, groupOf[k] == last ? AgentConfig.Phase.WRITE : AgentConfig.Phase.STEP));
                        for (String sub : g.subsystems) {
                            groups.putIfAbsent(sub, g);
                        }
                    }
                    continue;
                }
                if (!host.equals(hosts.local())) {
                    continue;
                }
                SubsystemRuntime rt = chosen.get(s.subsystem());
                if (rt != null) {
                    // A read pass receives nothing, but a subsystem without a read phase steps there with every input.
                    InputBuffer<?>[] receive = (s.receive() == null || s.phase() == AgentConfig.Phase.READ ? new ArrayList<>(rt.inputs.values())
                            : s.receive().stream().map(rt.inputs::get).toList()).toArray(InputBuffer<?>[]::new);
                    steps.add(new ActivityPlan.Step(rt, receive, s.phase(), hosts.leads() ? ActivityPlan.Step.LEADER : groupOf[k], null));
                }
            }
            List<Trigger> triggers = new ArrayList<>();
            for (String t : a.triggers()) {
                if (hosts.leads() && !hosts.local(t)) {
                    // A device on another host: its answer to the passes that end the cycle (AgentConfig checks they do) starts the next.
                    if (remoteSteps && last != ActivityPlan.Step.LEADER && !triggers.contains(remote[last])) {
                        triggers.add(remote[last].paces(period(a)));
                    }
                    continue;
                }
                SubsystemRuntime rt = chosen.get(t);
                if (rt != null && rt.subsystem instanceof CycleTrigger ct) {
                    triggers.add(Trigger.of(ct));
                } else if (rt != null) {
                    // A simulated effector swapped in for the hardware: the period paces the cycles until the hardware is back.
                    problems.add("activity " + a.name() + ": " + t + " (" + rt.subsystem.getClass().getName()
                            + ") has no device to trigger cycles" + (a.triggers().size() > 1 ? "" : ": they keep the period"));
                }
            }
            List<ActivityPlan.Link> local = new ArrayList<>();
            for (AgentConfig.Connection c : config.connections()) {
                SubsystemRuntime from = chosen.get(c.fromSubsystem());
                SubsystemRuntime to = chosen.get(c.toSubsystem());
                if (from != null && to != null && a.name().equals(from.activity) && from.outputs.get(c.output()) != null
                        && to.inputs.get(c.input()) != null) {
                    local.add(new ActivityPlan.Link(from.outputs.get(c.output()), to.inputs.get(c.input())));
                }
            }
            HostLink leaderLink = hosts.leads() || links == null ? null : hostLink(ai, a, Hosts.LEADER, chosen);
            SubsystemRuntime[] bySlot = slots.stream().map(chosen::get).toArray(SubsystemRuntime[]::new);
            ActivityPlan plan = new ActivityPlan(steps.toArray(ActivityPlan.Step[]::new), local, triggers.toArray(Trigger[]::new),
                    runtimeProblems::add, leaderLink, bySlot);
            Activity activity = activities.get(a.name());
            if (activity != null) {
                activity.publish(plan, gen);
            } else {
                pendingPlans.put(a.name(), plan);
            }
        }
        active = Map.copyOf(chosen);
        remoteGroups = Map.copyOf(groups);
        awaitBoundary(gen);
        if (links != null) {
            links.retireUnused();
        }
    }

    /**
     * Numbers the activity's steps by the leader's requests: {@link ActivityPlan.Step#LEADER} for the leader's own, and
     * for each run of consecutive steps on one other host the run's number, counted from 0 in the activity's order.
     * Every process numbers them alike, from the same configuration.
     */
    private int[] groups(AgentConfig.Activity a) {
        int[] out = new int[a.steps().size()];
        int next = 0;
        String last = Hosts.LEADER;
        for (int k = 0; k < out.length; k++) {
            String host = config.hosts().of(a.steps().get(k).subsystem());
            if (host.equals(Hosts.LEADER)) {
                out[k] = ActivityPlan.Step.LEADER;
            } else {
                out[k] = host.equals(last) ? out[k - 1] : next++;
            }
            last = host;
        }
        return out;
    }

    /**
     * How long after a cycle's start the other hosts' answers may come: as configured, else 90 % of the period (1 ms for a
     * clocked activity), so that the cycle ends in its period whatever they do. A host that answers late takes from the
     * time of those after it: a subsystem that is late for one cycle, or a garbage collector's pause, is absorbed.
     */
    private long passDeadline(AgentConfig.Activity a) {
        if (config.hosts().passDeadlineNanos() > 0) {
            return config.hosts().passDeadlineNanos();
        }
        return a.rateHz() > 0 ? Math.round(0.9e9 / a.rateHz()) : TimeUnit.MILLISECONDS.toNanos(1);
    }

    private static long period(AgentConfig.Activity a) {
        return a.rateHz() > 0 ? Math.round(1e9 / a.rateHz()) : TimeUnit.MILLISECONDS.toNanos(1);
    }

    /** The leader's remote steps of activity {@code ai}, by group. */
    private RemoteGroup[] remoteGroups(int ai, AgentConfig.Activity a, int[] groupOf, Map<String, SubsystemRuntime> chosen) {
        RemoteGroup[] out = new RemoteGroup[Arrays.stream(groupOf).max().orElse(-1) + 1];
        for (int k = 0; k < groupOf.length; k++) {
            if (groupOf[k] != ActivityPlan.Step.LEADER && out[groupOf[k]] == null) {
                out[groupOf[k]] = remoteGroup(ai, a, groupOf, k, config.hosts().of(a.steps().get(k).subsystem()), groupOf[groupOf.length - 1] == groupOf[k],
                        chosen);
            }
        }
        return out;
    }

    /** @param deferred whether the group ends the cycle (awaited at the start of the next) */
    private RemoteGroup remoteGroup(int ai, AgentConfig.Activity a, int[] groupOf, int first, String host, boolean deferred,
            Map<String, SubsystemRuntime> chosen) {
        List<String> subs = new ArrayList<>();
        for (int k = first; k < groupOf.length && groupOf[k] == groupOf[first]; k++) {
            subs.add(a.steps().get(k).subsystem());
        }
        SubsystemRuntime[] local = new SubsystemRuntime[slots.size()];
        boolean[] relay = new boolean[slots.size()];
        boolean[] theirs = new boolean[slots.size()];
        for (int slot = 0; slot < slots.size(); slot++) {
            String h = config.hosts().of(slots.get(slot));
            local[slot] = h.equals(Hosts.LEADER) ? chosen.get(slots.get(slot)) : null;
            relay[slot] = !h.equals(Hosts.LEADER) && !h.equals(host);
            theirs[slot] = h.equals(host);
        }
        long period = period(a);
        long deadline = !deferred ? passDeadline(a)
                : config.hosts().lastPassDeadlineNanos() > 0 ? config.hosts().lastPassDeadlineNanos() : Math.round(RemoteGroup.DEFERRED_SHARE * period);
        return new RemoteGroup(hostLink(ai, a, host, chosen), groupOf[first], subs.toArray(String[]::new), deferred, deadline, local, relay,
                theirs, remoteStates);
    }

    /**
     * This plan's links with host {@code other} in activity {@code ai}: the pass link, and the data links of the
     * connections between the two whose end away from the leader runs in this activity, each with its bit (the
     * connections' order among those going the same way, so both processes number them alike; a link whose subsystem
     * is not here now keeps its bit, unused).
     */
    private HostLink hostLink(int ai, AgentConfig.Activity a, String other, Map<String, SubsystemRuntime> chosen) {
        Hosts hosts = config.hosts();
        List<RemoteWriter> writers = new ArrayList<>();
        List<RemoteReader> readers = new ArrayList<>();
        List<AgentConfig.Connection> connections = config.connections();
        for (int c = 0; c < connections.size(); c++) {
            AgentConfig.Connection k = connections.get(c);
            String from = hosts.of(k.fromSubsystem());
            String to = hosts.of(k.toSubsystem());
            String away = from.equals(Hosts.LEADER) ? k.toSubsystem() : k.fromSubsystem();
            if (!a.name().equals(config.activityOf(away))) {
                continue;
            }
            try {
                if (from.equals(hosts.local()) && to.equals(other)) {
                    SubsystemRuntime rt = chosen.get(k.fromSubsystem());
                    OutputBuffer<?> out = rt == null ? null : rt.outputs.get(k.output());
                    writers.add(out == null ? null : links.writer(c, out, other));
                } else if (from.equals(other) && to.equals(hosts.local())) {
                    SubsystemRuntime rt = chosen.get(k.toSubsystem());
                    InputBuffer<?> in = rt == null ? null : rt.inputs.get(k.input());
                    readers.add(in == null ? null : links.reader(c, in));
                }
            } catch (TransportException e) {
                problems.add("connection '" + k.text() + "' between hosts " + from + " and " + to + ": " + e.getMessage());
                if (from.equals(hosts.local())) {
                    writers.add(null);
                } else {
                    readers.add(null);
                }
            }
        }
        return new HostLink(other, links.pass(ai, other), writers.toArray(RemoteWriter[]::new), readers.toArray(RemoteReader[]::new));
    }

    private void startActivities() {
        for (AgentConfig.Activity a : config.activities()) {
            if (!pendingPlans.containsKey(a.name())) {
                continue;
            }
            Activity activity = !config.hosts().leads() ? follower(a)
                    : a.clock() != null ? new ClockedActivity(a.name(), a.clock(), clocks.get(a.clock()), config.overrunFault())
                    : !a.triggers().isEmpty() ? new TriggeredActivity(a.name(), a.describe(), a.rateHz(), a.deadlineNanos(), config.overrunFault(),
                            config.priority(), config.cpu())
                    : new PeriodicActivity(a.name(), a.rateHz(), config.overrunFault(), config.priority(), config.cpu(), config.spinNanos());
            activity.publish(pendingPlans.remove(a.name()), generation);
            activities.put(a.name(), activity);
        }
        activities.values().forEach(Activity::start);
        running = List.copyOf(activities.values());
        status = Status.RUNNING;
    }

    /** This host's part of an activity the leader runs. */
    private FollowerActivity follower(AgentConfig.Activity a) {
        boolean[] mine = new boolean[slots.size()];
        for (int slot = 0; slot < mine.length; slot++) {
            mine[slot] = config.hosts().local(slots.get(slot));
        }
        int[] groupOf = groups(a);
        long requests = IntStream.range(0, groupOf.length).filter(k -> config.hosts().local(a.steps().get(k).subsystem())).map(k -> groupOf[k])
                .distinct().count();
        int triggerGroup = a.triggers().stream().anyMatch(config.hosts()::local) ? groupOf[groupOf.length - 1] : FollowerActivity.NO_TRIGGER;
        return new FollowerActivity(a.name(), a.rateHz() > 0 ? a.rateHz() : 1000, passDeadline(a), requests == 1 && a.rateHz() > 0,
                config.priority(), config.cpu(), mine, remoteStates, triggerGroup, a.deadlineNanos());
    }

    /**
     * Waits (bounded) until every running activity has switched to plan {@code gen}, or is between cycles, so that a
     * subsystem removed by this rebuild is no longer run when its unbind returns and its bundle stops.
     */
    private void awaitBoundary(long gen) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        for (Activity a : activities.values()) {
            while (!a.paused && a.mayBeInCycle() && a.appliedGeneration < gen && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    public String name() {
        return config.name();
    }

    @Override
    public Status status() {
        Status s = status;
        return s == Status.RUNNING && running.stream().anyMatch(a -> a.paused) ? Status.PAUSED : s;
    }

    @Override
    public List<String> problems() {
        List<String> all = new ArrayList<>(problems);
        all.addAll(runtimeProblems);
        running.stream().filter(a -> a.fault)
                .forEach(a -> all.add("activity " + a.name + ": " + config.overrunFault() + " overruns in a row"));
        return all;
    }

    /** The running activities, for tests that measure their threads. */
    List<Activity> running() {
        return running;
    }

    @Override
    public List<ActivityDiagnostics> activities() {
        return running.stream().map(Activity::diagnostics).toList();
    }

    @Override
    public List<SubsystemDiagnostics> subsystems() {
        List<SubsystemDiagnostics> out = new ArrayList<>();
        Map<String, SubsystemRuntime> now = active;
        for (String name : slots) {
            SubsystemRuntime rt = now.get(name);
            out.add(rt != null ? rt.diagnostics()
                    : config.hosts().local(name) ? new SubsystemDiagnostics(name, config.activityOf(name), false, null, null, 0, 0, null, Histogram.EMPTY)
                            : remote(name));
        }
        return out;
    }

    /**
     * A subsystem another process runs, as the pass messages tell of it: present while heard of within the last second;
     * where this process leads, its passes, the ones it missed and their round trip.
     */
    private SubsystemDiagnostics remote(String name) {
        int slot = slots.indexOf(name);
        long heard = remoteStates.heard(slot);
        boolean present = heard != 0 && System.nanoTime() - heard < TimeUnit.SECONDS.toNanos(1);
        String where = config.activityOf(name) + " on host " + config.hosts().of(name);
        RemoteGroup g = remoteGroups.get(name);
        if (g == null) {
            return new SubsystemDiagnostics(name, where, present, remoteStates.state(slot), null, 0, 0, null, Histogram.EMPTY);
        }
        long missed = g.missed;
        String failure = missed == 0 ? null : missed + " passes missed their deadline, " + g.deadline()
                + (g.lateData == 0 ? "" : ", " + g.lateData + " with data late");
        return new SubsystemDiagnostics(name, where, present, remoteStates.state(slot), null, g.passes, missed, failure, g.roundTrip.snapshot());
    }

    @Override
    public AgentLayout layout() {
        List<AgentLayout.Activity> activities = new ArrayList<>();
        for (AgentConfig.Activity a : config.activities()) {
            List<AgentLayout.Step> steps = a.steps().stream()
                    .map(s -> new AgentLayout.Step(s.phase().name().toLowerCase(Locale.ROOT), s.subsystem(),
                            s.receive() == null ? List.of() : List.copyOf(s.receive()), config.hosts().of(s.subsystem())))
                    .toList();
            activities.add(new AgentLayout.Activity(a.name(), a.describe(), steps));
        }
        List<AgentLayout.Connection> connections = config.connections().stream()
                .map(c -> new AgentLayout.Connection(c.fromSubsystem(), c.output(), c.toSubsystem(), c.input())).toList();
        Map<String, SubsystemRuntime> now = active;
        List<AgentLayout.Subsystem> subsystems = new ArrayList<>();
        for (String name : slots) {
            SubsystemRuntime rt = now.get(name);
            subsystems.add(rt == null ? new AgentLayout.Subsystem(name, null, List.of(), List.of())
                    : new AgentLayout.Subsystem(name, rt.subsystem.fsm(), List.copyOf(rt.inputs.keySet()), List.copyOf(rt.outputs.keySet())));
        }
        return new AgentLayout(List.copyOf(activities), connections, List.copyOf(subsystems));
    }

    @Override
    public ActivityHistograms histograms(String activity) {
        for (Activity a : running) {
            if (a.name.equals(activity)) {
                return a.histograms();
            }
        }
        throw new IllegalArgumentException("agent " + name() + " runs no activity " + activity + " (running: "
                + String.join(", ", running.stream().map(a -> a.name).toList()) + ")");
    }

    @Override
    public BufferWatch watch(String subsystem, String buffer) {
        if (!slots.contains(subsystem)) {
            throw new IllegalArgumentException("agent " + name() + " has no subsystem " + subsystem + " (subsystems: " + String.join(", ", slots) + ")");
        }
        writerOf(subsystem, buffer);
        return new BufferTap(subsystem, buffer, tap -> writerOf(subsystem, buffer));
    }

    /** The output that writes the buffer now, or null while the subsystem does not run here. */
    private OutputBuffer<?> writerOf(String subsystem, String buffer) {
        SubsystemRuntime rt = active.get(subsystem);
        if (rt == null) {
            return null;
        }
        OutputBuffer<?> out = rt.outputs.get(buffer);
        if (out != null) {
            return out;
        }
        InputBuffer<?> in = rt.inputs.get(buffer);
        if (in != null) {
            return in.writer();
        }
        throw new IllegalArgumentException("subsystem " + subsystem + " has no buffer '" + buffer + "' (inputs: "
                + String.join(", ", rt.inputs.keySet()) + "; outputs: " + String.join(", ", rt.outputs.keySet()) + ")");
    }

    @Override
    public List<StateSwitch> switches(String subsystem) {
        return runtime(subsystem).switches().snapshot();
    }

    @Override
    public String lastMessage(String subsystem, String buffer) {
        SubsystemRuntime rt = runtime(subsystem);
        InputBuffer<?> in = rt.inputs.get(buffer);
        if (in != null) {
            return in.hasData() ? String.valueOf(in.get()) : "(no data)";
        }
        OutputBuffer<?> out = rt.outputs.get(buffer);
        if (out != null) {
            return out.sentCount() > 0 ? String.valueOf(out.message()) : "(no data)";
        }
        throw new IllegalArgumentException("subsystem " + subsystem + " has no buffer '" + buffer + "' (inputs: "
                + String.join(", ", rt.inputs.keySet()) + "; outputs: " + String.join(", ", rt.outputs.keySet()) + ")");
    }

    private SubsystemRuntime runtime(String subsystem) {
        SubsystemRuntime rt = active.get(subsystem);
        if (rt == null) {
            throw new IllegalArgumentException("agent " + name() + " runs no subsystem " + subsystem + " (running: "
                    + String.join(", ", active.keySet()) + ")");
        }
        return rt;
    }

    @Override
    public void resetDiagnostics() {
        running.forEach(Activity::resetDiagnostics);
        remoteGroups.values().stream().distinct().forEach(RemoteGroup::resetDiagnostics);
    }

    @Override
    public void pause() {
        running.forEach(a -> a.paused = true);
    }

    @Override
    public void resume() {
        running.forEach(a -> a.paused = false);
    }

    @Override
    public void step(int cycles) {
        if (status() != Status.PAUSED) {
            throw new IllegalStateException("agent " + name() + " is not paused: pause it first");
        }
        List<Activity> now = running;
        for (Activity a : now) {
            a.stepsRequested.addAndGet(cycles);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Activity a : now) {
            while (a.stepsRequested.get() > 0 && System.nanoTime() < deadline && !(a instanceof ClockedActivity)) {
                Thread.onSpinWait();
            }
        }
    }
}
