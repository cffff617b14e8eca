/**
 * Loading, validation, static checking, DOT export and execution of FSM definitions. 2.0.0: {@link
 * org.embodia.fsm.engine.FsmExecutor} steps in the method's work-cycle (check, select, then run the
 * selected state on the same inputs) instead of running first and selecting for the next step. 3.0.0:
 * {@link org.embodia.fsm.engine.StateLibrary} deals in the mc_rtc state SPI's new package, {@code
 * org.embodia.api.fsm.state}.
 */
@Version("3.0.0")
@Export
package org.embodia.fsm.engine;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
