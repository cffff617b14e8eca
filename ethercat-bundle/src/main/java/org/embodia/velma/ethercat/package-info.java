/**
 * An EtherCAT master over a raw Ethernet socket: the frame and datagram codec, the AF_PACKET socket,
 * slave bring-up to OP from a bus description (with CoE start-up SDOs through the slaves' mailboxes), SDO
 * download and upload, and cyclic process-data exchange with working-counter checks. Private to the bundle, which
 * offers the framework only Velma's real effector {@code core/a.ethercat/re} and the {@code ethercat:} commands: the
 * master speaks Velma's drive messages, so no other bundle has a use for it. The EtherCAT bench uses it as a library
 * on its class path.
 */
package org.embodia.velma.ethercat;
