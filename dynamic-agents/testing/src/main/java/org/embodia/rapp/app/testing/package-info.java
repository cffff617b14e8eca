/**
 * What the example apps' tests share: {@link RecordingRapp}, a RAPP API that records an app's calls and answers
 * scripted values, and {@link AppJar}, a reader of a built app jar's manifest and DS descriptors. Test code only: no
 * app imports it.
 */
@Version("1.0.0")
@Export
package org.embodia.rapp.app.testing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
