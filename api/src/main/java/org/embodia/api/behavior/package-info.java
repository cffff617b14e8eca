/**
 * Behaviours: transition functions over buffers and internal memory, named predicates ([RAPP] §2.2), and
 * the plumbing every virtual effector and receptor shares ({@link org.embodia.api.behavior.VirtualSubsystem}).
 */
@Version("2.0.0")
@Export
package org.embodia.api.behavior;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
