/**
 * The RAPP API of [RAPP] §3.8.11 and §3.8.17: the one way a dynamic agent (an app) reaches the robot.
 *
 * <p>A dynamic agent is a bundle that the RAPP core agent's control subsystem c_core,cs downloads from the store,
 * installs and starts at run time. The bundle's manifest names the app ({@value DynamicAgent#APP_NAME_HEADER}) and the
 * words that call it ({@value DynamicAgent#APP_KEYWORDS_HEADER}); the bundle registers one {@link DynamicAgent}
 * service. The core agent runs it on a thread of its own with a {@link Rapp}: each call of the RAPP API is the spec's
 * cmd = Call, carried out by cs's execute behaviours relaying to the virtual effectors and receptors, and returns when
 * they report completion. The agent's status ({@link AgentStatus}: Init, Working, Finished, Error) is cs's da_status;
 * returning from {@link DynamicAgent#run}, or {@link Rapp#terminate()}, is cmd = Terminate.
 *
 * <p>Apps see nothing else of the robot: not the subsystems, not their buffers.
 */
@Version("2.0.0")
@Export
package org.embodia.rapp.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
