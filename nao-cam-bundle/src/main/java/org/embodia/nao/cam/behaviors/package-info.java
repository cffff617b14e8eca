/**
 * r_core,cam's behaviours ([RAPP] §3.7.2-3.7.5), one DS component each, named as the nao.cam
 * definition names them. The spec's commands go to the real receptor as written: fields a transition
 * function does not assign (params[pf] among them) keep what earlier commands left.
 *
 * <p>Readings that follow from the work-cycle. A behaviour's i0 runs in the pass its command arrives in
 * (idle's terminal condition selects it at that pass's check), and what it sends the real receptor
 * leaves at the end of that pass; the real receptor's report read at i0 was made before it, so a new
 * name_id, image or value at i0 belongs to an earlier command: like tm, which the spec switches only
 * for i ≠ i0, what the behaviour does with them starts at i0 + 1 (also image's name_id memory, which
 * §3.7.3 writes for new(name_id) at any i). And tm = TRUE ends the state at the next check (τ reads
 * r r^i[tm]), before its behaviour would run again: image and value, which the spec assigns in the
 * step tm switches, reach cs once, and nothing more goes to the real receptor.
 *
 * <p>Readings of image (§3.7.3):
 * <ul>
 * <li>GET_IMAGE carries "r r^i[name_id]", the memory as the step found it, in the very step the new
 * name_id is memorized (r r^(i+1)[name_id]); read literally it would name the previous subscriber or
 * none. It carries the name_id just memorized, the subscriber SUBSCRIBE created.</li>
 * <li>UNSUBSCRIBE carries that name_id too: the prose says the commands are supplemented with
 * "name_id identifying the subscriber", and ALVideoDevice.unsubscribe needs it.</li>
 * <li>A new image counts once a name_id is memorized, i.e. once GET_IMAGE went out: an image before
 * that answers no request of this behaviour. name_id is cleared when image ends, its subscriber gone.</li>
 * </ul>
 */
package org.embodia.nao.cam.behaviors;
