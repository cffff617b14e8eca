/**
 * Speech and sound at NAO's head: FreeTTS synthesis, the four microphones (frames, energies), silence detection,
 * Sphinx4 word spotting under a grammar, and WAV files written as they are recorded. Private to the bundle.
 */
package org.embodia.nao.sim.speech;
