/**
 * Speech for the simulated robot and the RAPP Platform: FreeTTS synthesis into 16 kHz PCM, Sphinx4 recognition under a
 * grammar built from the caller's vocabulary (one word - word spotting with a confidence - or a sentence of them, each word with its confidence), and
 * WAV files read and written as they are recorded. The libraries stay private to the bundle.
 */
@Version("1.2.0")
@Export
package org.embodia.speech;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
