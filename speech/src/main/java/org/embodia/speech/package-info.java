/**
 * Speech for the simulated robot and the RAPP Platform: FreeTTS synthesis into 16 kHz PCM; recognition with Moonshine
 * tiny (MoonshineRecognizer: word spotting in a vocabulary, and what was said with each word's confidence), which the
 * robot uses, and with Sphinx4 under a grammar built from the caller's vocabulary (SpeechRecognizer), which the voice
 * bench compares it with; the CMU pronouncing dictionary; and WAV files read and written as they are recorded. The
 * libraries and the model stay private to the bundle.
 */
@Version("1.4.0")
@Export
package org.embodia.speech;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
