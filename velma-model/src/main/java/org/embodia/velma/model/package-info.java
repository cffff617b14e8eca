/**
 * Velma's geometry, shared by the control subsystem and the simulation so both see one robot: the
 * KUKA LWR kinematics from its Denavit–Hartenberg parameters, the torso and head joints, the mass of
 * each moving body, capsules around the links and the self-collision distances between them. The
 * computations work in preallocated storage and allocate nothing.
 */
@Version("1.1.0")
@Export
package org.embodia.velma.model;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
