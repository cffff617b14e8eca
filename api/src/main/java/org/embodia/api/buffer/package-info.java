/**
 * Typed communication buffers with one writer; reads report no, old or new data (the spec's new(x)). 1.1.0:
 * {@code WireMessage}, a message that can cross a process boundary.
 */
@Version("1.2.0")
@Export
package org.embodia.api.buffer;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
