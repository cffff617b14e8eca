/**
 * Loading, validation, static checking, DOT export and execution of FSM definitions. 2.0.0: {@link
 * org.embodia.fsm.engine.FsmExecutor} steps in the method's work-cycle (check, select, then run the
 * selected state on the same inputs) instead of running first and selecting for the next step.
 */
@Version("2.0.0")
@Export
package org.embodia.fsm.engine;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
