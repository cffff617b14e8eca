package org.embodia.examples.agent.internal;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Component;

/** The counter's idle behaviour: sends nothing (the spec's dash). */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + Counter.NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
public final class Idle implements Behavior {
    @Override
    public void step(int iteration) {
        // nothing to send while idle
    }
}
