package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.LsCommand;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** c_core,cs's inform (§3.8.7): SAY to e_core,ls; tm on a new reply. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=inform"})
public final class Inform implements Behavior {
    private final NaoCs cs;
    /** e_core,ls's reply and reason counts at i0: it said the text, or rejected it, once one moved. */
    private long ls0;
    private long lsReason0;

    @Activate
    public Inform(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        CsMemory next = cs.nextMemory();
        if (iteration == 0) {
            cs.entered("inform");
            LsCommand c = cs.lsCommand.message();
            c.cmd = LsCommand.Cmd.SAY;
            c.text = cs.memory().say;
            c.params.dl = cs.memory().language;
            cs.lsCommand.send();
            ls0 = cs.lsStatus.get().replySeq;
            lsReason0 = cs.lsStatus.get().reasonSeq;
            next.tm = false;
        } else if (!cs.memory().tm && cs.lsStatus.isNew()
                && (cs.lsStatus.get().replySeq != ls0 || cs.lsStatus.get().reasonSeq != lsReason0)) {
            next.tm = true;
        }
    }
}
