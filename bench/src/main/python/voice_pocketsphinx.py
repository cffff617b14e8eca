#!/usr/bin/python3
"""PocketSphinx (Debian's python3-pocketsphinx over libpocketsphinx3 and pocketsphinx-en-us) on the voice bench's
utterances: keyphrase spotting (kws search) at several thresholds, and the en-us n-gram language model's transcript.

usage: voice_pocketsphinx.py <manifest> <keywords> <thresholds>

<manifest>: one WAV (16 kHz mono 16-bit) per line, "id<TAB>path"; <keywords>: comma-separated; <thresholds>:
comma-separated kws thresholds (e.g. 1e-20). One decoder holds one kws search per threshold and the LM search; the
model loads once, so the times are per-utterance decoding only.

Prints one line per utterance and search on stdout: id<TAB>search<TAB>ms<TAB>words, the words detected (kws) or
transcribed (lm) in time order, space-separated, "-" for none; of overlapping kws detections only the best per
frame is kept.
"""

import os
import sys
import tempfile
import time
import wave

from pocketsphinx import Decoder, get_model_path


def best_of_overlapping(segments):
    """kws reports every keyphrase over its threshold, often several over one stretch of sound: of overlapping ones
    keep the one of best score per frame (its path score, prob, over its length)."""
    ranked = sorted(segments, key=lambda s: s.prob / max(1, s.end_frame - s.start_frame + 1), reverse=True)
    kept = []
    for s in ranked:
        if all(s.end_frame < k.start_frame or s.start_frame > k.end_frame for k in kept):
            kept.append(s)
    return kept


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    manifest, keywords, thresholds = sys.argv[1], sys.argv[2].split(","), sys.argv[3].split(",")
    model = get_model_path()
    config = Decoder.default_config()
    config.set_string("-hmm", os.path.join(model, "en-us"))
    config.set_string("-dict", os.path.join(model, "cmudict-en-us.dict"))
    config.set_string("-logfn", os.devnull)
    decoder = Decoder(config)
    decoder.set_lm_file("lm", os.path.join(model, "en-us.lm.bin"))
    searches = ["lm"]
    with tempfile.TemporaryDirectory() as tmp:
        for threshold in thresholds:
            # The kws file format: one keyphrase a line with its own threshold between slashes.
            path = os.path.join(tmp, "kws-" + threshold)
            with open(path, "w") as f:
                f.writelines("%s /%s/\n" % (k, threshold) for k in keywords)
            decoder.set_kws("kws:" + threshold, path)
            searches.append("kws:" + threshold)
        with open(manifest) as lines:
            for line in lines:
                uid, wav = line.rstrip("\n").split("\t")
                with wave.open(wav, "rb") as w:
                    if w.getframerate() != 16000 or w.getnchannels() != 1 or w.getsampwidth() != 2:
                        sys.exit("%s: expected 16 kHz mono 16-bit" % wav)
                    pcm = w.readframes(w.getnframes())
                for search in searches:
                    decoder.set_search(search)
                    start = time.perf_counter()
                    decoder.start_utt()
                    decoder.process_raw(pcm, False, True)
                    decoder.end_utt()
                    segments = list(decoder.seg()) if decoder.hyp() is not None else []
                    ms = (time.perf_counter() - start) * 1000
                    if search != "lm":
                        segments = best_of_overlapping(segments)
                    # kws gives its detections latest first, with a trailing blank; fillers and alternate
                    # pronunciations ("word(2)") are the LM search's
                    segments.sort(key=lambda s: s.start_frame)
                    words = [s.word.strip().split("(")[0] for s in segments]
                    words = [w for w in words if w and w[0] not in "<[+"]
                    print("%s\t%s\t%.2f\t%s" % (uid, search, ms, " ".join(words) or "-"), flush=True)


if __name__ == "__main__":
    main()
