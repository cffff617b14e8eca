/**
 * Behaviours: transition functions over buffers and internal memory, named predicates ([RAPP] §2.2), and
 * the plumbing every virtual effector and receptor shares ({@link org.embodia.api.behavior.VirtualSubsystem}) and that
 * of a subsystem that declares its own buffers, as a control subsystem does ({@link
 * org.embodia.api.behavior.ControlSubsystem}). 3.0.0: {@code VirtualSubsystem} is a {@code ControlSubsystem}; its
 * {@code memory()} and {@code nextMemory()} are now the base class's, whose erasure returns a {@code Message}.
 * 3.1.0: {@code NoMemory}, for a subsystem that keeps nothing between iterations.
 */
@Version("3.1.0")
@Export
package org.embodia.api.behavior;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
