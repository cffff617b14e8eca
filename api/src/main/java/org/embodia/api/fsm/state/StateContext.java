package org.embodia.api.fsm.state;

import org.osgi.annotation.versioning.ProviderType;

/** What the executor tells a state about the run it is part of. */
@ProviderType
public interface StateContext {

    /** The state's name, prefixed by the states it is nested in: {@code Meta/Inner}. */
    String path();

    /** The executor's time step, in seconds. */
    double dt();

    /** The executor's iteration, counted from 1. */
    long iteration();
}
