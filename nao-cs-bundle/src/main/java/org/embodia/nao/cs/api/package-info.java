/**
 * The RAPP core agent as its operator sees it: the apps the store offers, an app deployed without the voice path,
 * the running app destroyed, and how c_core,cs is doing. For shells and demos; dynamic agents use the RAPP API
 * ({@code org.embodia.rapp.api}) and nothing else.
 */
@Version("1.2.0")
@Export
package org.embodia.nao.cs.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
