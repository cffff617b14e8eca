/** Typed communication buffers with one writer; reads report no, old or new data (the spec's new(x)). */
@Version("1.0.0")
@Export
package org.embodia.api.buffer;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
