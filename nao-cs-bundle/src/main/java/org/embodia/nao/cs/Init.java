package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's init (§3.8.2): the configuration into memory at i0, the store's apps read on the worker; tm once the
 * worker is done with them, or failed to read them (the store client's own timeout bounds that). [RAPP]'s init reads
 * its configuration file in one step; the store is read off the loop, so init waits for it: listen's first RECOGNIZE
 * then carries the apps' keywords. listen takes the apps into the app map and the dictionary. r_core,mic takes no new
 * dictionary while it recognizes, and a cs that replaces another (a new configuration, a new bundle) may find it
 * still spotting the old cs's words: init's i0 sends it ABORT (ours), which ends that spotting and is a no-op
 * otherwise.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=init"})
public final class Init implements Behavior {
    private final NaoCs cs;

    @Activate
    public Init(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        CsMemory next = cs.nextMemory();
        if (iteration == 0) {
            cs.entered(NaoCs.INIT);
            CsSettings settings = cs.settings;
            next.threshold = settings.threshold();
            next.language = settings.language();
            next.rd = settings.recordings().resolve("command.wav").toString();
            next.say = NaoCs.NOT_RECOGNIZED;
            next.dictionary.clear();
            settings.dictionary().forEach(next.dictionary::add);
            cs.worker.readApps();
            NaoCs.abortSpotting(cs.micCommand);
            next.tm = false;
        } else if (!cs.worker.readingApps()) {
            next.tm = true;
        }
    }
}
