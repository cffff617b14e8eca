package org.embodia.fsm.engine.internal;

import java.util.stream.Collectors;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.DotExporter;
import org.embodia.fsm.engine.FsmCatalog;
import org.embodia.fsm.engine.Problem;
import org.embodia.fsm.engine.StaticCheck;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** Gogo commands (scope {@code fsm}) over the definitions the bundles in the framework ship. */
@Component(service = FsmCommands.class, property = {
        "osgi.command.scope=fsm",
        "osgi.command.function=definitions",
        "osgi.command.function=problems",
        "osgi.command.function=check",
        "osgi.command.function=dot"})
public final class FsmCommands {
    private final FsmCatalog catalog;

    @Activate
    public FsmCommands(@Reference FsmCatalog catalog) {
        this.catalog = catalog;
    }

    /** fsm:definitions — every loaded definition with its source file. */
    public String definitions() {
        return catalog.definitions().values().stream()
                .map(d -> d.name() + "  " + d.states().size() + " states  initial " + d.initialState() + "  (" + d.source() + ")")
                .collect(Collectors.joining("\n"));
    }

    /** fsm:problems — definitions that were refused, with file and line. */
    public String problems() {
        return catalog.problems().stream().map(Problem::toString).collect(Collectors.joining("\n"));
    }

    /** fsm:check &lt;name&gt; — the static determinism check. */
    public String check(String name) {
        return StaticCheck.check(find(name)).format();
    }

    /** fsm:dot &lt;name&gt; — the definition as a Graphviz digraph. */
    public String dot(String name) {
        return DotExporter.toDot(find(name), null);
    }

    /** fsm:dot &lt;name&gt; &lt;current&gt; — with the current state highlighted. */
    public String dot(String name, String current) {
        return DotExporter.toDot(find(name), current);
    }

    private FsmDefinition find(String name) {
        return catalog.definition(name).orElseThrow(() -> new IllegalArgumentException("no FSM definition '" + name
                + "' (loaded: " + String.join(", ", catalog.definitions().keySet()) + ")"));
    }
}
