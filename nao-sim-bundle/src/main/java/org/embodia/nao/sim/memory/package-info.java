/**
 * An ALMemory-like key store and the feed that writes the simulated body's sensors into it every step, under NAOqi's
 * key names. Private to the bundle.
 */
package org.embodia.nao.sim.memory;
