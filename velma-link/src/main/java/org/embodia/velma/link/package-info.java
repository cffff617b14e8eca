/**
 * What core/a and Velma's ros_interface/a, in a process of its own, say to each other over the transport's
 * {@code MessageLink}: the body's status each cycle it is published, FSM states and switches, diagnostics, the task
 * interface's calls and their replies, and the node's own state ({@link org.embodia.velma.link.LinkMessage}). The
 * streams' numbers and the transport's connection reach the process as the framework properties named in
 * {@link org.embodia.velma.link.LinkProperties}.
 */
@Version("1.0.0")
@Export
package org.embodia.velma.link;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
