/**
 * FRI 1.x for the KUKA LWR 4+ on the wire: the measurement datagram the KRC sends (tFriMsrData) and the
 * command datagram the remote side answers with (tFriCmdData), each with its encoding and decoding, so that
 * the remote side (lwr-bundle) and the emulated KRC (velma-emulator) speak one layout. Nothing here
 * allocates once built.
 */
@Version("1.0.0")
@Export
package org.embodia.velma.fri;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
