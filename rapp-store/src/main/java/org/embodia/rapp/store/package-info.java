/**
 * The RAPP Store's implementation, private to the bundle: {@link org.embodia.rapp.store.Catalog} reads the directory
 * of bundles into an OSGi Repository index and an app list, {@link org.embodia.rapp.store.StoreServer} serves them
 * over HTTP, {@link org.embodia.rapp.store.StoreComponent} runs it as a Declarative Services component configured by
 * Config Admin and {@link org.embodia.rapp.store.StoreMain} on its own.
 */
package org.embodia.rapp.store;
