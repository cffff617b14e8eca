package org.embodia.examples.ticker;

import org.embodia.api.agent.Subsystem;
import org.embodia.examples.agent.TickerSubsystem;
import org.osgi.service.component.annotations.Component;

/** The ticker counting by one. */
@Component(service = Subsystem.class)
public final class Ticker extends TickerSubsystem {
    public Ticker() {
        super(1);
    }
}
