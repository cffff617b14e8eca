package org.embodia.examples.ticker.fast;

import org.embodia.api.agent.Subsystem;
import org.embodia.examples.agent.TickerSubsystem;
import org.osgi.service.component.annotations.Component;

/** The ticker counting by ten: the same subsystem and buffers as the first, another implementation. */
@Component(service = Subsystem.class)
public final class FastTicker extends TickerSubsystem {
    public FastTicker() {
        super(10);
    }
}
