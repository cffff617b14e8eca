/**
 * What the modules' tests share: {@link org.embodia.testing.Allocations}, the proof that a warm per-step path
 * allocates nothing, and {@link org.embodia.testing.DsDescriptors}, the DS descriptors bnd generated for a
 * subsystem's behaviour components. For test scope only; it depends on no Embodia module.
 */
@Version("1.0.0")
@Export
package org.embodia.testing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
