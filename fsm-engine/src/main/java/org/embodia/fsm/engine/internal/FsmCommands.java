package org.embodia.fsm.engine.internal;

import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.felix.service.command.Descriptor;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.DotExporter;
import org.embodia.fsm.engine.ExecutorError;
import org.embodia.fsm.engine.FsmCatalog;
import org.embodia.fsm.engine.Problem;
import org.embodia.fsm.engine.RunningFsm;
import org.embodia.fsm.engine.StaticCheck;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/** Gogo commands (scope {@code fsm}) over the definitions the bundles ship and the FSMs that run. */
@Component(service = FsmCommands.class, property = {
        "osgi.command.scope=fsm",
        "osgi.command.function=definitions",
        "osgi.command.function=problems",
        "osgi.command.function=check",
        "osgi.command.function=dot",
        "osgi.command.function=list",
        "osgi.command.function=state",
        "osgi.command.function=next",
        "osgi.command.function=interrupt",
        "osgi.command.function=play",
        "osgi.command.function=step",
        "osgi.command.function=run",
        "osgi.command.function=stop"})
public final class FsmCommands {
    private final FsmCatalog catalog;
    private final List<RunningFsm> running = new CopyOnWriteArrayList<>();
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile ConfigurationAdmin configAdmin;

    @Activate
    public FsmCommands(@Reference FsmCatalog catalog) {
        this.catalog = catalog;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addRunning(RunningFsm fsm) {
        running.add(fsm);
    }

    void removeRunning(RunningFsm fsm) {
        running.remove(fsm);
    }

    /** fsm:definitions — every loaded definition with its source file. */
    @Descriptor("lists every loaded FSM definition with its source file")
    public String definitions() {
        return Stream.concat(
                catalog.definitions().values().stream().map(d -> d.name() + "  Embodied Agent, " + d.states().size()
                        + " states, initial " + d.initialState() + "  (" + d.source() + ")"),
                catalog.stateMachines().values().stream().map(m -> m.name() + "  mc_rtc-style, " + m.states().size()
                        + " text states, init " + m.init() + "  (" + m.source() + ")"))
                .sorted().collect(Collectors.joining("\n"));
    }

    /** fsm:problems — definitions that were refused, with file and line. */
    @Descriptor("lists the definitions that were refused, with file and line")
    public String problems() {
        return catalog.problems().stream().map(Problem::toString).collect(Collectors.joining("\n"));
    }

    /** fsm:check &lt;name&gt; — the static determinism check of an Embodied Agent FSM. */
    @Descriptor("checks an Embodied Agent FSM statically: states that end with no initial condition or several holding")
    public String check(@Descriptor("the Embodied Agent FSM definition's name") String name) {
        FsmDefinition d = catalog.definition(name).orElseThrow(() -> new IllegalArgumentException("no Embodied Agent FSM definition '"
                + name + "' (loaded: " + String.join(", ", catalog.definitions().keySet()) + ")"));
        return StaticCheck.check(d).format();
    }

    /** fsm:dot &lt;name&gt; — a running FSM (its current state highlighted) or a definition, as a Graphviz digraph. */
    @Descriptor("prints a running FSM (its current state highlighted) or a definition as a Graphviz digraph")
    public String dot(@Descriptor("the running FSM's or the definition's name") String name) {
        RunningFsm fsm = runningOrNull(name);
        if (fsm != null) {
            return DotExporter.toDot(fsm.definition(), fsm.state());
        }
        return dot(name, null);
    }

    /** fsm:dot &lt;name&gt; &lt;state&gt; — a definition with {@code state} highlighted. */
    @Descriptor("prints a definition as a Graphviz digraph with a state highlighted")
    public String dot(@Descriptor("the definition's name") String name, @Descriptor("the state to highlight") String current) {
        if (catalog.definition(name).isPresent()) {
            return DotExporter.toDot(catalog.definition(name).get(), current);
        }
        return DotExporter.toDot(catalog.stateMachine(name).orElseThrow(() -> new IllegalArgumentException("no FSM definition '" + name
                + "' (loaded: " + String.join(", ", catalog.definitions().keySet()) + ", "
                + String.join(", ", catalog.stateMachines().keySet()) + ")")), current);
    }

    /** fsm:list — the FSMs running in the framework. */
    @Descriptor("lists the running FSMs: iteration, state, output, status")
    public String list() {
        return running.stream().map(FsmCommands::summary).sorted().collect(Collectors.joining("\n"));
    }

    /** fsm:state &lt;name&gt; — a running FSM's state and output. */
    @Descriptor("prints a running FSM's state, output and next state")
    public String state(@Descriptor("the running FSM's name") String name) {
        RunningFsm f = running(name);
        return summary(f) + "\n  next state: " + (f.nextState() == null ? "-" : f.nextState());
    }

    /** fsm:next &lt;name&gt; — triggers the waiting transition. */
    @Descriptor("triggers the transition a running FSM waits for")
    public String next(@Descriptor("the running FSM's name") String name) {
        RunningFsm f = running(name);
        return f.next() ? name + ": transition to " + f.nextState() + " triggered"
                : name + ": next ignored (the state has not completed, or the FSM is managed)";
    }

    /** fsm:interrupt &lt;name&gt; — stops and tears down the running state at the next iteration. */
    @Descriptor("stops and tears down the running state at the next iteration")
    public String interrupt(@Descriptor("the running FSM's name") String name) {
        running(name).interrupt();
        return name + ": interrupt requested";
    }

    /** fsm:play &lt;name&gt; &lt;state&gt; — interrupts and starts {@code state} at the next iteration. */
    @Descriptor("interrupts the running state and starts the given one at the next iteration")
    public String play(@Descriptor("the running FSM's name") String name, @Descriptor("the state to start") String state) {
        running(name).play(state);
        return name + ": " + state + " starts at the next iteration";
    }

    /** fsm:step &lt;name&gt; [n] — steps an FSM configured without a period. */
    @Descriptor("steps an FSM run by hand (started without a period)")
    public String step(@Descriptor("the running FSM's name") String name, @Descriptor("the number of iterations") int iterations) {
        RunningFsm f = running(name);
        f.step(iterations);
        return summary(f);
    }

    @Descriptor("steps an FSM run by hand one iteration")
    public String step(@Descriptor("the running FSM's name") String name) {
        return step(name, 1);
    }

    /** fsm:run &lt;definition&gt; &lt;dt&gt; — starts an mc_rtc-style FSM of the catalog on its own thread (a Config Admin configuration). */
    @Descriptor("starts an mc_rtc-style FSM of the catalog, stepped on its own every dt seconds")
    public String run(@Descriptor("the mc_rtc-style FSM definition's name") String definition,
            @Descriptor("the time step, s") double dt) throws IOException {
        return start(definition, dt, true);
    }

    /** fsm:run &lt;definition&gt; — starts it to be stepped by hand with fsm:step (time step 0.02 s). */
    @Descriptor("starts an mc_rtc-style FSM of the catalog, stepped by hand with fsm:step (time step 0.02 s)")
    public String run(@Descriptor("the mc_rtc-style FSM definition's name") String definition) throws IOException {
        return start(definition, 0.02, false);
    }

    private String start(String definition, double dt, boolean periodic) throws IOException {
        catalog.stateMachine(definition).orElseThrow(() -> new IllegalArgumentException("no mc_rtc-style FSM '" + definition
                + "' (loaded: " + String.join(", ", catalog.stateMachines().keySet()) + ")"));
        Configuration c = admin().getFactoryConfiguration(RunningFsm.FACTORY_PID, definition, "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("fsm", definition);
        props.put("dt", dt);
        props.put("periodic", periodic);
        c.update(props);
        awaitRunning(definition, true);
        return definition + ": configured to run " + (periodic ? "every " + dt + " s" : "by hand (fsm:step " + definition + ")");
    }

    /** Config Admin delivers configurations asynchronously: wait (bounded) until the FSM has started or stopped. */
    private void awaitRunning(String name, boolean present) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while ((runningOrNull(name) != null) != present) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " did not " + (present ? "start" : "stop")
                        + " within 5 s; see the framework log for why");
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** fsm:stop &lt;definition&gt; — stops an FSM started with fsm:run, tearing its state down. */
    @Descriptor("stops an FSM started with fsm:run, tearing its state down")
    public String stop(@Descriptor("the FSM's definition name") String definition) throws IOException {
        Configuration c = admin().getFactoryConfiguration(RunningFsm.FACTORY_PID, definition, "?");
        c.delete();
        awaitRunning(definition, false);
        return definition + ": stopped";
    }

    private ConfigurationAdmin admin() {
        ConfigurationAdmin admin = configAdmin;
        if (admin == null) {
            throw new IllegalStateException("no Config Admin in this framework: FSMs are started by configurations of "
                    + RunningFsm.FACTORY_PID);
        }
        return admin;
    }

    private static String summary(RunningFsm f) {
        ExecutorError e = f.error();
        String status = e != null ? "ERROR " + e.message() : f.complete() ? "complete" : f.state() == null ? "waiting" : "running";
        return f.name() + "  iteration " + f.iteration() + "  state " + (f.state() == null ? "-" : f.state()) + "  output "
                + (f.output() == null ? "-" : f.output()) + "  " + status;
    }

    private RunningFsm runningOrNull(String name) {
        return running.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
    }

    private RunningFsm running(String name) {
        RunningFsm f = runningOrNull(name);
        if (f == null) {
            throw new IllegalArgumentException("no running FSM '" + name + "' (running: "
                    + running.stream().map(RunningFsm::name).sorted().collect(Collectors.joining(", ")) + ")");
        }
        return f;
    }
}
