/**
 * The RAPP Store as its users see it ([RAPP] §3.8): the {@link org.embodia.rapp.store.api.RappStore} service of a
 * store running in this framework, the {@link org.embodia.rapp.store.api.StoreClient} with which the control
 * subsystem's load behaviour lists the apps and downloads one with its SHA-256 checked (and interpret_long has a
 * recorded command recognized, word by word with each word's confidence), the manifest headers and
 * capability namespace ({@link org.embodia.rapp.store.api.RappAppNamespace}) that make a bundle an app, and the errors
 * a download can end in.
 */
@Version("1.4.0")
@Export
package org.embodia.rapp.store.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
