/**
 * An EtherCAT master over a raw Ethernet socket: the frame and datagram codec, the AF_PACKET socket,
 * slave bring-up to OP from a bus description (with CoE start-up SDOs through the slaves' mailboxes), SDO
 * download and upload, and cyclic process-data exchange with working-counter checks.
 */
@Version("2.0.0")
@Export
package org.embodia.velma.ethercat;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
