/**
 * r_core,mic's behaviours (seed 001 §3.3.2-3.3.6), one DS component each, named as the nao.mic
 * definition names them. The spec's commands go to the real receptor as written: fields a
 * transition function does not assign (rec among them) keep what earlier commands left.
 *
 * <p>Two readings apply to every behaviour. At i0 the real receptor's report predates the command
 * just sent, so a new rw or value at i0 belongs to an earlier command: like tm, which the spec
 * switches only for i ≠ i0, what goes to cs about the command starts later. And tm = TRUE ends the
 * state one step after it switches (τ reads r r^i[tm]); rec, rw and value, which the spec assigns in
 * the step tm switches, are passed to cs that once, not again in the step the state ends.
 */
package org.embodia.nao.mic.behaviors;
