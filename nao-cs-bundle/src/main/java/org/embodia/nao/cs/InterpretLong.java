package org.embodia.nao.cs;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.rapp.store.api.SpokenWord;
import org.embodia.rapp.store.api.StoreClient;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's interpret_long (§3.8.5): the RAPP Platform's recognition of the recorded command. Sends rd to the RAPP
 * Platform's speech recognition (the store's POST /speech, on the worker) and ends on the sentence it heard,
 * recog_sentence, with app_name = getAppName(recog_sentence); a store that cannot be asked is an error, and either way
 * a sentence naming no app goes to inform. getAppName takes an app's keyword only if it was heard with a confidence
 * of at least sentence.threshold ({@link CsConfig#sentence_threshold()}), and names an app only if such keywords name
 * exactly one: a sentence that is not confidently about one app goes to inform ("Command was not recognized"), never
 * to a guess.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=interpret_long"})
public final class InterpretLong implements Behavior {
    /** How a failed recognition's error begins. */
    private static final String FAILED = "the long command could not be recognized: ";
    private final NaoCs cs;

    @Activate
    public InterpretLong(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        CsMemory next = cs.nextMemory();
        if (iteration == 0) {
            cs.entered("interpret_long");
            next.recogSentence = null;
            next.tm = false;
            Path rd = Path.of(cs.memory().rd);
            String language = cs.memory().language;
            StoreWorker worker = cs.worker;
            worker.ask(() -> {
                try {
                    StoreClient client = worker.client();
                    worker.answer(client == null ? new WorkerOutcome.Failed(FAILED + StoreWorker.NO_STORE)
                            : new WorkerOutcome.Heard(client.recognizeWords(rd, language)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    worker.answer(new WorkerOutcome.Failed(FAILED + e.getMessage()));
                }
            });
        } else if (!cs.memory().tm) {
            WorkerOutcome o = cs.worker.take();
            if (o instanceof WorkerOutcome.Heard heard) {
                next.recogSentence = heard.sentence();
                next.appName = appInSentence(heard.words(), next.app, cs.settings.sentenceThreshold());
                cs.console.dealing(CsMemory.ERROR.equals(next.appName) ? null : next.appName);
            } else if (o instanceof WorkerOutcome.Failed failed) {
                cs.error(failed.why());
                next.appName = CsMemory.ERROR;
            } else {
                return;
            }
            next.say = NaoCs.NOT_RECOGNIZED;
            next.tm = true;
        }
    }

    /**
     * getAppName(recog_sentence): the one app whose keywords (in any letter case) the sentence holds with a confidence
     * of at least the threshold; ERROR if it holds none so, or keywords of two apps.
     */
    static String appInSentence(List<SpokenWord> words, Map<String, String> appByKeyword, double threshold) {
        String app = CsMemory.ERROR;
        for (SpokenWord word : words) {
            if (word.confidence() < threshold) {
                continue;
            }
            for (Map.Entry<String, String> keyword : appByKeyword.entrySet()) {
                if (keyword.getKey().equalsIgnoreCase(word.word())) {
                    if (!app.equals(CsMemory.ERROR) && !app.equals(keyword.getValue())) {
                        return CsMemory.ERROR;
                    }
                    app = keyword.getValue();
                }
            }
        }
        return app;
    }
}
