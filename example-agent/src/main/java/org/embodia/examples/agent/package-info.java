/** The example agent's messages, shared with the bundles that replace its subsystems. */
@Version("1.0.0")
@Export
package org.embodia.examples.agent;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
