/**
 * e_core,body's behaviours ([RAPP] §3.1.2-3.1.8), one DS component each, named as the nao.body
 * definition names them. Each step follows the same order: the EKF pose, what goes to the real
 * effector, tm, then the status to cs. "STOP" is cx e^i[cmd] = STOP as {@code NaoBody.stop} reads it.
 *
 * <p>Two readings follow from the work-cycle. A behaviour's i0 runs in the pass its command arrives in
 * (idle's terminal condition selects it at that pass's check), and what it sends the real effector
 * leaves at the end of that pass; the real effector's report read at i0 was made before it, so a new
 * attained or value at i0 belongs to an earlier command: like tm, which the spec switches only for
 * i ≠ i0, what goes to cs about the command starts at i0 + 1. And tm = TRUE ends the state at the next
 * check (τ reads e e^i[tm]), before its behaviour would run again: attained, which the spec assigns in
 * the step tm switches, reaches cs once.
 */
package org.embodia.nao.body.behaviors;
