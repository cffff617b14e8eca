/**
 * Buffers whose writer and reader run in different processes ([VELMA-STRUCT]: each subsystem of a FABRIC agent is a
 * process of its own). The buffer API stays as it is: the writer's process publishes what its output buffer sent in a
 * pass, the reader's process polls it into its input buffer before the reader receives, and the reader sees no data,
 * old data or new data as it would in one process. Besides the buffers, {@link MessageTransport} carries messages of any
 * length between a process outside the agent's cycle and the agent.
 */
@Version("1.1.0")
@Export
package org.embodia.transport;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
