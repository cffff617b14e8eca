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
 * e_core,ls's play (§3.2.4, NAOqi's playFileInLoop / playFileFromPosition): one step, in which the
 * real effector gets PLAY_FILE_IN_LOOP (playLoop = TRUE) or PLAY_FROM_POSITION with begin_position
 * (playLoop = FALSE), with cs's fp, params[dv] and params[spr]. cs gets nothing.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoLs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=play"})
public final class Play implements Behavior {
    private final NaoLs ls;

    @Activate
    public Play(@Reference NaoLs ls) {
        this.ls = ls;
    }

    @Override
    public void step(int iteration) {
        LsCommand c = ls.commanded();
        LsEffectorCommand e = ls.reCommand();
        if (c.playLoop) {
            e.cmd = LsEffectorCommand.Cmd.PLAY_FILE_IN_LOOP;
        } else {
            e.cmd = LsEffectorCommand.Cmd.PLAY_FROM_POSITION;
            e.beginPosition = c.beginPosition;
        }
        e.fp = c.fp;
        e.params.dv = c.params.dv;
        e.params.spr = c.params.spr;
        ls.sendReCommand();
    }
}
