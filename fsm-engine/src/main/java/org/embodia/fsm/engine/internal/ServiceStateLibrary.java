package org.embodia.fsm.engine.internal;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import org.embodia.api.fsm.state.State;
import org.embodia.fsm.engine.StateLibrary;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceObjects;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * The states of the framework: every {@link State} service with a {@value State#NAME_PROPERTY}
 * property. Each activation gets its own instance through the service's {@link ServiceObjects}
 * (register states with prototype scope), given back after teardown.
 */
@Component(service = StateLibrary.class)
public final class ServiceStateLibrary implements StateLibrary {
    private final BundleContext context;
    private final Map<String, ServiceReference<State>> byName = new ConcurrentHashMap<>();
    private final Map<State, ServiceObjects<State>> lent = new IdentityHashMap<>();

    @Activate
    public ServiceStateLibrary(BundleContext context) {
        this.context = context;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addState(ServiceReference<State> state) {
        Object name = state.getProperty(State.NAME_PROPERTY);
        if (name instanceof String n) {
            byName.merge(n, state, (old, added) -> added.compareTo(old) > 0 ? added : old);
        }
    }

    void removeState(ServiceReference<State> state) {
        byName.values().remove(state);
    }

    @Override
    public Set<String> names() {
        return new TreeSet<>(byName.keySet());
    }

    @Override
    public State create(String name) {
        ServiceReference<State> ref = byName.get(name);
        ServiceObjects<State> objects = ref == null ? null : context.getServiceObjects(ref);
        State state = objects == null ? null : objects.getService();
        if (state == null) {
            throw new IllegalArgumentException("no state service '" + name + "' (available: " + String.join(", ", names()) + ")");
        }
        synchronized (lent) {
            lent.put(state, objects);
        }
        return state;
    }

    @Override
    public void release(State state) {
        ServiceObjects<State> objects;
        synchronized (lent) {
            objects = lent.remove(state);
        }
        if (objects != null) {
            try {
                objects.ungetService(state);
            } catch (IllegalStateException | IllegalArgumentException gone) {
                // the providing bundle stopped meanwhile: nothing left to give back
            }
        }
    }
}
