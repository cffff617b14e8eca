/** FSM definitions as data: Embodied Agent FSMs (states, behaviours, τ, ε, σ) and mc_rtc-style FSMs (states with a lifecycle, outputs, transitions). */
@Version("1.0.0")
@Export
package org.embodia.api.fsm;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
