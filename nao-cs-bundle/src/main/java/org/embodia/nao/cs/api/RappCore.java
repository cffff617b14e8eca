package org.embodia.nao.cs.api;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/** The operator's handle on c_core,cs ([RAPP] §3.8), registered by the control subsystem's bundle. */
@ProviderType
public interface RappCore {
    /** The apps of the store as cs last read them: name to keywords, in the store's order. Empty before the first read. */
    Map<String, List<String>> apps();

    /**
     * The operator's path to an app: in listen, cs takes {@code app}'s first keyword as the recognized word, so the app
     * goes through interpret_short, load, activate and wait_cmd/execute as if it had been spoken. Returns at once: the
     * loop takes the word at its next step in listen. The first keyword is the first one the app owns in cs's keyword
     * map (an app listed earlier in the store keeps a keyword two apps share). A word spoken in the same step wins, and
     * the operator's is dropped; {@link #status()} shows which app runs.
     *
     * @throws IllegalArgumentException when the store has no such app, or it owns none of its keywords
     * @throws IllegalStateException when cs is not in listen (an app runs, or cs is not running), or a deploy is
     *         already waiting for listen
     */
    void deploy(String app);

    /**
     * Destroys the running dynamic agent, whatever state it is in; cs goes back to listen. Nothing when none runs.
     * Returns at once: the loop honours the request within a few steps (a call in progress fails), and the agent's
     * bundle is stopped and uninstalled off the loop.
     */
    void destroy();

    /** How cs is doing now. */
    RappStatus status();

    /**
     * How long the last app that reached Working took to start: from cs entering load (the download from the store
     * begins) to its da_status becoming Working in activate (its agent runs, in its process when apps run in processes of
     * their own), on the loop's steps, so to a loop period. Null before any app reached Working; an app that failed to
     * load or activate leaves the previous value.
     */
    Duration lastStart();

    /**
     * The last RAPP calls of the apps, oldest first, at most {@value #CALLS_KEPT}: what each asked of the robot and how
     * it ended.
     *
     * @since 1.2
     */
    default List<RappCall> calls() {
        return List.of();
    }

    /** @since 1.2 */
    int CALLS_KEPT = 50;
}
