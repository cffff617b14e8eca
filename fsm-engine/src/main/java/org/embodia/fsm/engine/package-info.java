/** Loading, validation, static checking, DOT export and execution of FSM definitions. */
@Version("1.0.0")
@Export
package org.embodia.fsm.engine;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
