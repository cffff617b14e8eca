/**
 * Behaviours: transition functions over buffers and internal memory, named predicates ([RAPP] §2.2), and
 * the plumbing every virtual effector and receptor shares ({@link org.embodia.api.behavior.VirtualSubsystem}) and that
 * of a subsystem that declares its own buffers, as a control subsystem does ({@link
 * org.embodia.api.behavior.ControlSubsystem}).
 */
@Version("2.1.0")
@Export
package org.embodia.api.behavior;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
