/**
 * The buffers of the RAPP core agent's NAO subsystems ([RAPP] §3.1-3.7): for each virtual
 * effector or receptor, the command it takes from the control subsystem c_core,cs, the status it
 * returns to it, the command it gives its real effector or receptor (NAOqi's side) and what that
 * one reports back.
 *
 * <table>
 * <caption>Message types per subsystem</caption>
 * <tr><th>subsystem</th><th>cs → e/r</th><th>e/r → cs</th><th>e/r → E/R</th><th>E/R → e/r</th></tr>
 * <tr><td>body e_core,body (§3.1.1)</td><td>{@link BodyCommand}</td><td>{@link BodyStatus}</td><td>{@link BodyEffectorCommand}</td><td>{@link BodyEffectorStatus}</td></tr>
 * <tr><td>loudspeaker e_core,ls (§3.2.1)</td><td>{@link LsCommand}</td><td>{@link LsStatus}</td><td>{@link LsEffectorCommand}</td><td>{@link LsEffectorStatus}</td></tr>
 * <tr><td>microphone r_core,mic (§3.3.1)</td><td>{@link MicCommand}</td><td>{@link MicStatus}</td><td>{@link MicReceptorCommand}</td><td>{@link MicReceptorStatus}</td></tr>
 * <tr><td>touch, inertial, FSR (§3.4.1-3.6.1)</td><td>{@link SensorCommand}</td><td>{@link SensorStatus}</td><td>{@link SensorReceptorCommand}</td><td>{@link SensorReceptorStatus}</td></tr>
 * <tr><td>camera r_core,cam (§3.7.1)</td><td>{@link CamCommand}</td><td>{@link CamStatus}</td><td>{@link CamReceptorCommand}</td><td>{@link CamReceptorStatus}</td></tr>
 * </table>
 *
 * <p>Conventions. Fields carry the spec's names in lowerCamelCase ({@code data_name} is
 * {@code dataName}); command constants are the spec's, as written. The spec's {@code arg = [...]}
 * is flattened into the command message. Lists (joint names and values, words) are fixed-capacity
 * arrays with a count, so {@code copyFrom} allocates nothing; strings are immutable and copied as
 * references.
 *
 * <p>new(x). A command message is sent whole, so the buffer's freshness is the spec's new(). A
 * status message is sent every step (the body's pose) while some of its elements are assigned only
 * now and then (the spec's dash); each such element {@code x} has a counter {@code xSeq} that its
 * writer increments whenever it assigns {@code x}. A reader's new(x) is "xSeq differs from the
 * value seen in the previous step", which also survives a step in which the reader missed a message.
 *
 * <p>Rejections. A virtual effector or receptor that rejects a command from cs (an unknown name,
 * a value out of range, NaN) says why in its status's {@code reason} (null when the last command
 * was accepted) and increments {@code reasonSeq}.
 */
@Version("1.1.0")
@Export
package org.embodia.nao.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
