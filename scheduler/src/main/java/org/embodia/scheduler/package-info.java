/** The agent runtime: agents, their activities, diagnostics and external clocks, among them simulators' clocks. */
@Version("1.12.0")
@Export
package org.embodia.scheduler;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
