package org.embodia.rapp.app.greeter;

import java.util.List;
import java.util.Map;

import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.api.Rapp;
import org.osgi.service.component.annotations.Component;

/**
 * The greeter app: says hello, listens for how the user is (wordSpotting over {@link #DICTIONARY}), answers according
 * to the word heard, or says that it heard nothing, and returns.
 */
@Component(service = DynamicAgent.class, property = DynamicAgent.APP_PROPERTY + "=" + Greeter.APP_NAME)
public final class Greeter implements DynamicAgent {
    static final String APP_NAME = "greeter";
    static final String LANGUAGE = "English";
    static final String GREETING = "Hello! How are you?";
    static final List<String> DICTIONARY = List.of("fine", "good", "bad");
    /**
     * The least recognition probability taken as the word: below even odds a spotted word is more likely a mishearing
     * than the user's answer, and a wrong "bad" or "good" gives a jarring reply.
     */
    static final double THRESHOLD = 0.5;
    static final Map<String, String> ANSWERS = Map.of(
            "fine", "I am glad you are fine.",
            "good", "Good to hear that!",
            "bad", "I am sorry to hear that. I hope you feel better soon.");
    /** wordSpotting's Empty: nothing of the dictionary was heard above the threshold. */
    static final String NOT_HEARD = "I did not hear you. Goodbye!";
    /** A word outside the dictionary: cs answered something it was not asked for. */
    static final String NOT_UNDERSTOOD = "Sorry, I did not understand you. Goodbye!";

    @Override
    public void run(Rapp rapp) throws InterruptedException {
        rapp.textToSpeech(GREETING, LANGUAGE);
        stopIfInterrupted();
        String heard = rapp.wordSpotting(DICTIONARY, THRESHOLD);
        stopIfInterrupted();
        rapp.textToSpeech(answer(heard), LANGUAGE);
    }

    static String answer(String heard) {
        if (heard == null || heard.isEmpty()) {
            return NOT_HEARD;
        }
        return ANSWERS.getOrDefault(heard, NOT_UNDERSTOOD);
    }

    /** A destroyed app stops before its next call even if the call it was in completed. */
    private static void stopIfInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException(APP_NAME + " interrupted: the core agent destroyed it");
        }
    }
}
