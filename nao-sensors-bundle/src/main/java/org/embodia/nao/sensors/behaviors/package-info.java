/**
 * The behaviours of r_core,touch, r_core,inertial and r_core,fsr ([RAPP] §3.4.2-3.4.3, §3.5.2-3.5.3,
 * §3.6.2-3.6.3), written once: the three receptors' idle and get are the same transition functions over
 * different sensors. Each receptor's DS component declares two subclasses of its own as its idle and get
 * services, named as its FSM definition names them.
 *
 * <p>Two readings, the same as r_core,mic's get (§3.3.6, whose text is the same). get's i0 runs in the
 * pass the GET arrives in (idle's terminal condition selects it at that pass's check), and its GET_DATA
 * leaves at the end of that pass; the real receptor's report read at i0 was made before it, so a new
 * value at i0 belongs to an earlier command and is not passed to cs (like tm, which the spec switches
 * only for i ≠ i0). And tm = TRUE ends the state at the next check (τ reads r r^i[tm]), before get would
 * run again: the value, which the spec assigns in the step tm switches, reaches cs once: cs asked one
 * question.
 */
package org.embodia.nao.sensors.behaviors;
