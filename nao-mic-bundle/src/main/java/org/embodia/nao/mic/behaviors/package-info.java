/**
 * r_core,mic's behaviours ([RAPP] §3.3.2-3.3.6), one DS component each, named as the nao.mic
 * definition names them. The spec's commands go to the real receptor as written: fields a
 * transition function does not assign (rec among them) keep what earlier commands left.
 *
 * <p>Two readings follow from the work-cycle. A behaviour's i0 runs in the pass its command arrives in
 * (idle's terminal condition selects it at that pass's check), and what it sends the real receptor
 * leaves at the end of that pass; the real receptor's report read at i0 was made before it, so a new
 * rw or value at i0 belongs to an earlier command: like tm, which the spec switches only for i ≠ i0,
 * what goes to cs about the command starts later. And tm = TRUE ends the state at the next check
 * (τ reads r r^i[tm]), before its behaviour would run again: rec, rw and value, which the spec assigns
 * in the step tm switches, reach cs once.
 */
package org.embodia.nao.mic.behaviors;
