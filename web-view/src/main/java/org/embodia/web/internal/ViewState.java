package org.embodia.web.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.embodia.fsm.engine.FsmCatalog;
import org.embodia.scheduler.Agent;
import org.embodia.web.api.ViewSection;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * What the page shows: the model (agents' layout, FSM definitions, the sections' fixed parts) and the snapshots, as
 * JSON. Built only on the threads of the page's requests and of the event stream, never the loop's.
 */
@Component(service = ViewState.class)
public final class ViewState {
    private final FsmCatalog catalog;
    private final List<Agent> agents = new CopyOnWriteArrayList<>();
    private final List<ViewSection> sections = new CopyOnWriteArrayList<>();
    private final Access access;
    private String lastModel = "";
    private long modelVersion;
    private long modelBuiltNanos;

    @Activate
    public ViewState(@Reference FsmCatalog catalog, @Reference Access access) {
        this.catalog = catalog;
        this.access = access;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addAgent(Agent agent) {
        agents.add(agent);
    }

    void removeAgent(Agent agent) {
        agents.remove(agent);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addSection(ViewSection section) {
        sections.add(section);
    }

    void removeSection(ViewSection section) {
        sections.remove(section);
        section.idle();
    }

    /**
     * The model as JSON, and its version: the version grows whenever the model differs from the last one built (an
     * agent or a section came or went, a swapped subsystem brought another FSM).
     */
    synchronized String model() {
        Map<String, Object> m = new LinkedHashMap<>();
        String robot = null;
        for (ViewSection s : sections) {
            if (s.name().equals("velma") || s.name().equals("nao")) {
                robot = s.name();
            }
        }
        m.put("robot", robot);
        m.put("readOnly", !access.commandsEnabled());
        m.put("commandScopes", access.scopes());
        m.put("agents", AgentsView.model(agents));
        m.put("fsms", AgentsView.fsms(agents, catalog));
        for (ViewSection s : sections) {
            m.put(s.name(), s.model());
        }
        String body = Json.write(m);
        if (!body.equals(lastModel)) {
            lastModel = body;
            modelVersion++;
        }
        return "{\"modelVersion\":" + modelVersion + "," + body.substring(1);
    }

    /** One snapshot as JSON; builds the model again first when it may have changed. */
    String snapshot() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("t", System.currentTimeMillis());
        m.put("modelVersion", modelVersion());
        m.put("agents", AgentsView.snapshot(agents));
        for (ViewSection s : sections) {
            Map<String, Object> part = s.snapshot();
            if (part != null) {
                m.put(s.name(), part);
            }
        }
        return Json.write(m);
    }

    /** Looks for a changed model at most once a second: a swap is rare, the FSM definitions are kilobytes. */
    private synchronized long modelVersion() {
        long now = System.nanoTime();
        if (now - modelBuiltNanos > 1_000_000_000L) {
            model();
            modelBuiltNanos = now;
        }
        return modelVersion;
    }

    /** The last page closed. */
    void idle() {
        sections.forEach(ViewSection::idle);
    }
}
