/**
 * The SPI of mc_rtc-style states ([MCRTC-FSM]): a {@link org.embodia.api.fsm.state.State} with its lifecycle
 * (configure, start, run, stop, teardown), what the executor tells it ({@link org.embodia.api.fsm.state.StateContext}),
 * a convenient base ({@link org.embodia.api.fsm.state.BaseState}) and the configuration it is given. States libraries
 * implement this package; FSM definitions as data stay in {@code org.embodia.api.fsm}.
 */
@Version("1.0.0")
@Export
package org.embodia.api.fsm.state;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
