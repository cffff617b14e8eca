/**
 * Velma's task interface: what task agents and the shell ask of velma_core_cs (the role of
 * ros_interface/a in [VELMA-STRUCT]) — leave safe mode, joint and Cartesian impedance motions, the
 * self-collision relax behaviour, head motions — validated before they reach the control loop, and
 * a view of the robot's state. 1.2.0: the view names the parts of allHwOk that do not hold, now and when ve_body last
 * entered safe mode.
 */
@Version("1.2.0")
@Export
package org.embodia.velma.cs.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
