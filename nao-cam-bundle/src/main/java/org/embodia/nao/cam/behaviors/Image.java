package org.embodia.nao.cam.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.cam.CamMemory;
import org.embodia.nao.cam.NaoCam;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,cam's image (§3.7.3, NAOqi's ALVideoDevice subscribeCamera, getImageRemote, unsubscribe):
 * at i0 the real receptor gets SUBSCRIBE with cs's res and cid, cs = kBGRColorSpace and
 * fr = maxCameraFPS. A new name_id is memorized and answered with GET_IMAGE for it; a new image then
 * gets UNSUBSCRIBE, reaches cs converted by img() to ROS's bgr8 layout, and switches tm.
 *
 * <p>When the real receptor fails, cs hears why and the behaviour ends as if the image had come: a
 * blank name_id (no subscriber, so nothing to unsubscribe), or an image img() cannot pass as bgr8
 * (wrong colour space or size; unsubscribed all the same).
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCam.NAME, Subsystem.BEHAVIOR_PROPERTY + "=image"})
public final class Image implements Behavior {
    private final NaoCam cam;

    @Activate
    public Image(@Reference NaoCam cam) {
        this.cam = cam;
    }

    @Override
    public void step(int iteration) {
        CamReceptorCommand r = cam.reCommand();
        CamMemory next = cam.nextMemory();
        if (iteration == 0) {
            CamParams asked = cam.commanded().params;
            r.cmd = CamReceptorCommand.Cmd.SUBSCRIBE;
            r.params.res = asked.res;
            r.params.cid = asked.cid;
            r.params.cs = CamParams.kBGRColorSpace;
            r.params.fr = CamParams.maxCameraFPS;
            cam.sendReCommand();
            next.tm = false;
            return;
        }
        CamMemory m = cam.memory();
        if (cam.imageNew() && m.nameId != null) {
            r.cmd = CamReceptorCommand.Cmd.UNSUBSCRIBE;
            r.nameId = m.nameId;
            cam.sendReCommand();
            cam.passImage();
            next.tm = true;
        } else if (cam.nameIdNew()) {
            String nameId = cam.reStatus().nameId;
            if (nameId == null || nameId.isBlank()) {
                cam.passReason(CamCommand.Cmd.IMAGE + " failed: the real receptor answered SUBSCRIBE without a name_id (camera "
                        + cam.commanded().params.cid + ", resolution " + cam.commanded().params.res + "); no image was taken");
                next.tm = true;
                return;
            }
            next.nameId = nameId;
            r.cmd = CamReceptorCommand.Cmd.GET_IMAGE;
            r.nameId = next.nameId;
            cam.sendReCommand();
        }
    }

    @Override
    public void terminate() {
        cam.endBehavior();
    }
}
