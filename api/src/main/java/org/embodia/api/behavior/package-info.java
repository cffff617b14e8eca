/** Behaviours: transition functions over buffers and internal memory, named predicates (seed 001 §2.2). */
@Version("1.1.0")
@Export
package org.embodia.api.behavior;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
