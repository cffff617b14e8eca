/**
 * The simulated NAO as shells, demos and tests see it: its 50 Hz clock (in manual pace driven by the caller), the
 * world acting on the robot (someone speaking near it, a hand on a touch sensor), the ground truth an estimator is
 * checked against, where its sound files go, and what went wrong.
 */
@Version("1.0.0")
@Export
package org.embodia.nao.sim.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
