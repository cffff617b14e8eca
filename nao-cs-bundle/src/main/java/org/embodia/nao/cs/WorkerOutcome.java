package org.embodia.nao.cs;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.embodia.rapp.store.api.SpokenWord;

/**
 * What cs's {@link StoreWorker} hands back to the loop for the job a behaviour gave it at its i0 (store and agent I/O,
 * which the loop must not wait for): one of these, taken by the behaviour that asked.
 */
sealed interface WorkerOutcome {
    /** The job failed: a clear error for the operator and the log. */
    record Failed(String why) implements WorkerOutcome {
    }

    /** init, or listen's retry: the store's apps, keyword → app. */
    record AppsRead(Map<String, String> appByKeyword) implements WorkerOutcome {
    }

    /** interpret_long: the sentence the RAPP Platform heard, and its words each with its confidence. */
    record Heard(String sentence, List<SpokenWord> words) implements WorkerOutcome {
        Heard(List<SpokenWord> words) {
            this(words.stream().map(SpokenWord::word).collect(Collectors.joining(" ")), words);
        }
    }

    /** load: the app's package, downloaded and checked. */
    record Downloaded(Path jar) implements WorkerOutcome {
    }

    /** activate: the app's agent, started on its own thread (cs holds it as its running agent). */
    record Started() implements WorkerOutcome {
    }
}
