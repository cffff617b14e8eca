/** FSM definitions as data: states, their behaviours, terminal, error and initial conditions. */
@Version("1.0.0")
@Export
package org.embodia.api.fsm;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
