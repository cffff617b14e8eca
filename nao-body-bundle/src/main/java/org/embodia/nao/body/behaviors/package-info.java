/**
 * e_core,body's behaviours (seed 001 §3.1.2-3.1.8), one DS component each, named as the nao.body
 * definition names them. Each step follows the same order: the EKF pose, what goes to the real
 * effector, tm, then the status to cs. "STOP" is cx e^i[cmd] = STOP as {@code NaoBody.stop} reads it.
 *
 * <p>Two readings apply to every behaviour. At i0 the real effector's report predates the command
 * just sent, so a new attained or value at i0 belongs to an earlier command: like tm, which the spec
 * switches only for i ≠ i0, what goes to cs about the command starts at i0 + 1. And tm = TRUE ends
 * the state one step after it switches (τ reads e e^i[tm]); attained, which the spec assigns in the
 * step tm switches, is passed to cs that once, not again in the step the state ends.
 */
package org.embodia.nao.body.behaviors;
