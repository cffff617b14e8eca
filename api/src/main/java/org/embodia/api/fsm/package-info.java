/**
 * FSM definitions as data: Embodied Agent FSMs (states, behaviours, τ, ε, σ) and mc_rtc-style FSMs (states by name,
 * outputs, transitions). 2.0.0: the mc_rtc state SPI moved to {@link org.embodia.api.fsm.state}.
 */
@Version("2.0.0")
@Export
package org.embodia.api.fsm;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
