/**
 * Speech for the simulated robot and the RAPP Platform: FreeTTS synthesis into 16 kHz PCM; recognition with Moonshine
 * tiny (MoonshineRecognizer: word spotting in a vocabulary, and what was said with each word's confidence) and with
 * Sphinx4 under a grammar built from the caller's vocabulary (SpeechRecognizer); word spotting by the two together
 * (KeywordSpotter), which the robot uses; the CMU pronouncing dictionary; and WAV files read and written as they are
 * recorded. The libraries and the models stay private to the bundle.
 */
@Version("1.5.0")
@Export
package org.embodia.speech;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
