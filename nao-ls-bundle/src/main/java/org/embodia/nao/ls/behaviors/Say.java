package org.embodia.nao.ls.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.ls.NaoLs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,ls's say (§3.2.3, NAOqi's say): at i0 the real effector gets SAY with cs's text and
 * params[dl]; then nothing until STOP, on which it gets STOP_ALL. tm switches on STOP or when the
 * real effector reports synthesized = TRUE, and cs then gets reply = TRUE, once. A synthesis the
 * real effector reports failed (synthesized newly FALSE) ends say too, with reply = FALSE.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoLs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=say"})
public final class Say implements Behavior {
    private final NaoLs ls;

    @Activate
    public Say(@Reference NaoLs ls) {
        this.ls = ls;
    }

    @Override
    public void step(int iteration) {
        LsEffectorCommand e = ls.reCommand();
        if (iteration == 0) {
            LsCommand c = ls.commanded();
            e.cmd = LsEffectorCommand.Cmd.SAY;
            e.text = c.text;
            e.params.dl = c.params.dl;
            ls.sendReCommand();
            ls.nextMemory().tm = false;
            return;
        }
        boolean stop = ls.stop();
        if (stop) {
            e.cmd = LsEffectorCommand.Cmd.STOP_ALL;
            ls.sendReCommand();
        }
        boolean failed = !stop && ls.synthesisFailed();
        if (stop || failed || ls.synthesized()) {
            ls.passReply(!failed);
            ls.nextMemory().tm = true;
        }
    }

    @Override
    public void terminate() {
        ls.endBehavior();
    }
}
