package org.embodia.rapp.store;

/** Where the store reports what it did: the OSGi log service in a framework, standard error on its own. */
interface StoreLog {
    void info(String message);

    void warn(String message);
}
