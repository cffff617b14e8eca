/**
 * e_core,ls's behaviours (seed 001 §3.2.2-3.2.7), one DS component each, named as the nao.ls
 * definition names them. "STOP" is cx e^i[cmd] = STOP as {@code NaoLs.stop} reads it.
 *
 * <p>Two readings apply to every behaviour. At i0 the real effector's report predates the command
 * just sent, so a new synthesized or value at i0 belongs to an earlier command: like tm, which the
 * spec switches only for i ≠ i0, what goes to cs about the command starts at i0 + 1. And tm = TRUE
 * ends the state one step after it switches (τ reads e e^i[tm]); reply and value, which the spec
 * assigns in the step tm switches, are passed to cs that once, not again in the step the state ends.
 */
package org.embodia.nao.ls.behaviors;
