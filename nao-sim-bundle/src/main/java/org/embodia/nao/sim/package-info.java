/**
 * The simulated NAO as Declarative Services components: {@link org.embodia.nao.sim.NaoSimulation}, the clock nao.sim
 * and the devices it steps, and the real effectors and receptors of the RAPP core agent over them, each a
 * {@code Subsystem} with the buffers {@code command} and {@code status}. Private to the bundle; tools see the
 * simulation through {@link org.embodia.nao.sim.api.NaoSimulator}.
 */
package org.embodia.nao.sim;
