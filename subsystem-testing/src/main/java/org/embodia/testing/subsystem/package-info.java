/** The rig virtual effectors' and receptors' tests step a subsystem in, as ros2_control's tests share their test assets. */
@Version("1.0.0")
@Export
package org.embodia.testing.subsystem;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
