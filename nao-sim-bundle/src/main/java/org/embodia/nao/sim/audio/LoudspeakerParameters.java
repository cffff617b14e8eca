package org.embodia.nao.sim.audio;

/**
 * The loudspeaker's parameters of the RAPP core agent, params = [dvt, dl, dv, spr] (spec 3.2.1): voice type and
 * language for speech, volume and stereo panorama for everything played.
 *
 * @param voice the text-to-speech voice (dvt)
 * @param language the speech language (dl), as NAOqi names it ("English")
 * @param volume master volume in [0, 1] (dv), a gain on every sample played
 * @param panorama stereo panorama in [−1, 1] (spr): −1 left only, 0 centre, 1 right only
 */
public record LoudspeakerParameters(String voice, String language, double volume, double panorama) {

    public LoudspeakerParameters {
        if (voice == null || voice.isBlank()) {
            throw new IllegalArgumentException("the voice must not be empty");
        }
        if (language == null || language.isBlank()) {
            throw new IllegalArgumentException("the language must not be empty");
        }
        AudioPlayer.checkVolume(volume);
        AudioPlayer.checkPanorama(panorama);
    }
}
