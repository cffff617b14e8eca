package org.embodia.fsm.engine.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.SourceLocation;
import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.fsm.engine.FsmCatalog;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.fsm.engine.Problem;
import org.osgi.annotation.bundle.Capability;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.util.tracker.BundleTracker;

/** The extender: loads the definitions of active bundles, and forgets them when a bundle stops. */
@Component(service = FsmCatalog.class, immediate = true)
@Capability(namespace = "osgi.extender", name = FsmCatalog.EXTENDER, version = "1.0.0")
public final class BundleFsmCatalog implements FsmCatalog {

    /** What one bundle contributed. */
    private record Contribution(Map<String, FsmDefinition> definitions, Map<String, StateMachineDefinition> machines,
            List<Problem> problems) {
    }

    private final Map<Long, Contribution> contributions = new ConcurrentHashMap<>();
    private final BundleTracker<Contribution> tracker;

    @Activate
    public BundleFsmCatalog(BundleContext context) {
        tracker = new BundleTracker<>(context, Bundle.STARTING | Bundle.ACTIVE, null) {
            @Override
            public Contribution addingBundle(Bundle bundle, BundleEvent event) {
                String header = bundle.getHeaders("").get(HEADER);
                if (header == null) {
                    return null;
                }
                Contribution c = load(bundle, header);
                contributions.put(bundle.getBundleId(), c);
                return c;
            }

            @Override
            public void removedBundle(Bundle bundle, BundleEvent event, Contribution c) {
                contributions.remove(bundle.getBundleId());
            }
        };
        tracker.open();
    }

    @Deactivate
    void deactivate() {
        tracker.close();
    }

    private Contribution load(Bundle bundle, String header) {
        Map<String, FsmDefinition> definitions = new TreeMap<>();
        Map<String, StateMachineDefinition> machines = new TreeMap<>();
        List<Problem> problems = new ArrayList<>();
        for (String entry : header.split(",")) {
            String path = entry.trim();
            String file = bundle.getSymbolicName() + ":" + path;
            URL url = bundle.getEntry(path);
            if (url == null) {
                problems.add(new Problem(new SourceLocation(file, 1, 1), "the " + HEADER + " header names a file the bundle does not hold"));
                continue;
            }
            try (InputStream in = url.openStream()) {
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                String name;
                if (FsmLoader.isStateMachine(text)) {
                    StateMachineDefinition m = FsmLoader.loadStateMachine(file, text);
                    name = m.name();
                    if (!taken(name, definitions, machines, file, problems)) {
                        machines.put(name, m);
                    }
                } else {
                    FsmDefinition d = FsmLoader.load(file, text, Map.of());
                    name = d.name();
                    if (!taken(name, definitions, machines, file, problems)) {
                        definitions.put(name, d);
                    }
                }
            } catch (FsmLoadException e) {
                problems.addAll(e.problems());
            } catch (IOException e) {
                problems.add(new Problem(new SourceLocation(file, 1, 1), "cannot read: " + e));
            }
        }
        return new Contribution(definitions, machines, problems);
    }

    /** Whether another file, of this bundle or another, already defines an FSM of this name; if so, a problem says where. */
    private boolean taken(String name, Map<String, FsmDefinition> definitions, Map<String, StateMachineDefinition> machines, String file,
            List<Problem> problems) {
        Optional<String> other = Optional.ofNullable(definitions.get(name)).map(FsmDefinition::source)
                .or(() -> Optional.ofNullable(machines.get(name)).map(StateMachineDefinition::source))
                .or(() -> definition(name).map(FsmDefinition::source))
                .or(() -> stateMachine(name).map(StateMachineDefinition::source));
        other.ifPresent(o -> problems.add(new Problem(new SourceLocation(file, 1, 1), "FSM '" + name + "' is already defined by " + o)));
        return other.isPresent();
    }

    @Override
    public Map<String, FsmDefinition> definitions() {
        Map<String, FsmDefinition> all = new TreeMap<>();
        contributions.values().forEach(c -> all.putAll(c.definitions()));
        return all;
    }

    @Override
    public Optional<FsmDefinition> definition(String name) {
        return contributions.values().stream().map(c -> c.definitions().get(name)).filter(d -> d != null).findFirst();
    }

    @Override
    public Map<String, StateMachineDefinition> stateMachines() {
        Map<String, StateMachineDefinition> all = new TreeMap<>();
        contributions.values().forEach(c -> all.putAll(c.machines()));
        return all;
    }

    @Override
    public Optional<StateMachineDefinition> stateMachine(String name) {
        return contributions.values().stream().map(c -> c.machines().get(name)).filter(d -> d != null).findFirst();
    }

    @Override
    public List<Problem> problems() {
        List<Problem> all = new ArrayList<>();
        contributions.values().forEach(c -> all.addAll(c.problems()));
        return all;
    }
}
