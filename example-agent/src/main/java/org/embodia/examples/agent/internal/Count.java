package org.embodia.examples.agent.internal;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** The counter's counting behaviour: passes the newest tick on, counting how many it passed. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + Counter.NAME, Subsystem.BEHAVIOR_PROPERTY + "=count"})
public final class Count implements Behavior {
    private final Counter counter;

    @Activate
    public Count(@Reference Counter counter) {
        this.counter = counter;
    }

    @Override
    public void step(int iteration) {
        counter.count.message().value++;
        counter.count.message().source = counter.ticks.get().source;
        counter.count.send();
    }
}
