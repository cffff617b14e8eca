/** What a bundle implements to add a section to the web view. */
@Export
@Version("1.0.0")
package org.embodia.web.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
