/** Agents and subsystems of the Embodied Agent model ([RAPP] §2.1). */
@Version("1.3.0")
@Export
package org.embodia.api.agent;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
