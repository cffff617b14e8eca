/**
 * The behaviours of r_core,touch, r_core,inertial and r_core,fsr (seed 001 §3.4.2-3.4.3, §3.5.2-3.5.3,
 * §3.6.2-3.6.3), written once: the three receptors' idle and get are the same transition functions over
 * different sensors. Each receptor's DS component declares two subclasses of its own as its idle and get
 * services, named as its FSM definition names them.
 *
 * <p>Two readings, the same as r_core,mic's get (§3.3.6, whose text is the same): at i0 the real
 * receptor's report predates the GET_DATA just sent, so a new value at i0 belongs to an earlier command
 * and is not passed to cs (like tm, which the spec switches only for i ≠ i0). And tm = TRUE ends the
 * state one step after it switches (τ reads r r^i[tm]); the value, which the spec assigns in the step
 * tm switches, is passed to cs that once, not again in the step the state ends: cs asked one question.
 */
package org.embodia.nao.sensors.behaviors;
