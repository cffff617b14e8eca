/**
 * Velma's buffers ([VELMA-BEH], [VELMA-INTRO], [VELMA-STRUCT]): the status and commands of the two KUKA LWR arms (FRI) and
 * of the EtherCAT drives of the torso and head (CiA 402), what ve_body passes to cs and back, and the
 * limits that decide whether a command may reach a real effector. 1.2.0: every message is a {@code WireMessage}, so
 * its buffer can link two processes; each still names {@code Message}, as bnd's baseline compares the interfaces a
 * class names. 1.3.0: {@code AllHwOk}, allHwOk's parts by name.
 */
@Version("1.3.0")
@Export
package org.embodia.velma.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
