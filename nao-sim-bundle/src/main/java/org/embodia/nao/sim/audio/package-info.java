/**
 * NAO's loudspeakers playing sound files in ALAudioPlayer's manner, into WAV files in simulated time, and the
 * loudspeaker's parameters. Private to the bundle.
 */
package org.embodia.nao.sim.audio;
