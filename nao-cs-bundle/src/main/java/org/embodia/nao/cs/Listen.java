package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.MicCommand;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's listen (§3.8.4): RECOGNIZE with the dictionary and threshold to r_core,mic; recog_word on a new rw, or
 * (the operator's extension of its terminal condition) on the word {@code RappCore.deploy} handed over (the app's
 * first keyword), taken from a lock-free slot without waiting. Deploy's word leaves r_core,mic's RECOGNIZE running
 * (recog ignores any command but ABORT until it passes a word), so the next word it hears ends it; cs is then not in
 * listen and takes that rw only when a wordSpotting of the app waits for one. An ABORT here would have the app's first
 * wordSpotting heard over its own dictionary, but in a room where nobody answers it would then wait for call_timeout
 * and fail, as r_core,mic's recog has no end in silence.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=listen"})
public final class Listen implements Behavior {
    private final NaoCs cs;
    /** r_core,mic's rw count at i0: a word is new once it moved. */
    private long mic0;
    /** The apps arrived while listening and ABORT went out: the RECOGNIZE with their keywords is due. */
    private boolean recognizeDue;

    @Activate
    public Listen(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        CsMemory next = cs.nextMemory();
        if (iteration == 0) {
            // A deploy or destroy that raced with the end of the last app is not carried over to the next one.
            cs.console.newApp();
            cs.entered(NaoCs.LISTEN);
            takeApps(next);
            recognize(next);
            recognizeDue = false;
            mic0 = cs.micStatus.get().rwSeq;
            next.tm = false;
        } else if (cs.memory().tm) {
            return;
        } else if (cs.micStatus.isNew() && cs.micStatus.get().rwSeq != mic0) {
            next.recogWord = cs.micStatus.get().rw;
            next.recogSentence = null;
            next.tm = true;
        } else if (cs.console.wordWaiting()) {
            next.recogWord = cs.console.takeWord();
            next.recogSentence = null;
            next.tm = true;
        } else if (recognizeDue) {
            recognizeDue = false;
            recognize(next);
        } else if (takeApps(next)) {
            // When init could not read the apps, the worker tries again now and then, and the apps it gets are
            // listened for at once: r_core,mic's spotting of the configured words is aborted, and the new dictionary
            // follows in the next step, which r_core,mic takes once its recog has ended.
            NaoCs.abortSpotting(cs.micCommand);
            recognizeDue = true;
        } else {
            cs.worker.readAppsWhenDue();
        }
    }

    private void recognize(CsMemory next) {
        MicCommand c = cs.micCommand.message();
        c.cmd = MicCommand.Cmd.RECOGNIZE;
        c.dct.copyFrom(next.dictionary);
        c.threshold = cs.memory().threshold;
        cs.micCommand.send();
    }

    /** The app map init read, once the worker has it: the dictionary becomes the configured words and its keywords. */
    private boolean takeApps(CsMemory next) {
        if (cs.worker.peek() instanceof WorkerOutcome.AppsRead read) {
            cs.worker.take();
            next.app = read.appByKeyword();
            next.dictionary.clear();
            cs.settings.dictionary().forEach(next.dictionary::add);
            for (String keyword : next.app.keySet()) {
                if (!cs.settings.dictionary().contains(keyword)) {
                    next.dictionary.add(keyword);
                }
            }
            return true;
        }
        return false;
    }
}
