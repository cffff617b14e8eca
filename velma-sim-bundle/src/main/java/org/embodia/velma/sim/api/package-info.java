/**
 * The simulated Velma as tools and tests see it: its clock in manual pace, and what its simulated
 * effectors received that they must never receive.
 */
@Version("1.0.0")
@Export
package org.embodia.velma.sim.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
