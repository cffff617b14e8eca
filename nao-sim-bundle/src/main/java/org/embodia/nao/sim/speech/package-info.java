/**
 * Sound at NAO's head: the loudspeaker playing synthesized speech into WAV files, the four microphones (frames,
 * energies), silence detection and word spotting over what they hear, with the speech bundle's synthesizer and
 * recognizer. Private to the bundle.
 */
package org.embodia.nao.sim.speech;
