package org.embodia.nao.cam;

import java.util.LinkedHashMap;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.api.CamReceptorStatus;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.Image;
import org.embodia.nao.cam.behaviors.Get;
import org.embodia.nao.cam.behaviors.Idle;
import org.embodia.nao.cam.behaviors.SetParams;
import org.embodia.nao.model.Resolution;
import org.embodia.testing.subsystem.VirtualSubsystemRig;

/**
 * cs and the real receptor around one r_core,cam, stepped as the scheduler steps it: each step the
 * real receptor reports, cs may send a command, r_core,cam receives both, its FSM steps over its real
 * predicates, its iteration ends, and cs and the real receptor receive what it sent.
 */
final class Rig extends VirtualSubsystemRig<CamCommand, CamStatus, CamReceptorCommand, CamReceptorStatus> {
    static final String FILE = "fsm/nao.cam.yaml";

    final NaoCam cam;

    Rig() throws FsmLoadException {
        this(new NaoCam());
    }

    private Rig(NaoCam cam) throws FsmLoadException {
        super(cam, FILE, behaviors(cam));
        this.cam = cam;
    }

    private static Map<String, Behavior> behaviors(NaoCam cam) {
        Map<String, Behavior> behaviors = new LinkedHashMap<>();
        behaviors.put("idle", new Idle(cam));
        behaviors.put("image", new org.embodia.nao.cam.behaviors.Image(cam));
        behaviors.put("set_params", new SetParams(cam));
        behaviors.put("get", new Get(cam));
        return behaviors;
    }

    static FsmDefinition definition() throws FsmLoadException {
        return VirtualSubsystemRig.definition(NaoCam.class, FILE);
    }

    /** The real receptor answers a SUBSCRIBE with {@code nameId}. */
    void reportNameId(String nameId) {
        report().nameId = nameId;
        report().nameIdSeq++;
    }

    /** The real receptor delivers {@code image}. */
    void reportImage(Image image) {
        report().image.copyFrom(image);
        report().imageSeq++;
    }

    /** The real receptor delivers the value {@code number} of {@code dataName}. */
    void reportValue(String dataName, double number) {
        report().value.setNumber(dataName, number);
        report().valueSeq++;
    }

    /**
     * An image as ALVideoDevice delivers it in {@code colorSpace}: {@code res}'s size, three bytes per
     * pixel, rows packed, each pixel's bytes a function of its column, row and channel so that any
     * misplaced byte shows.
     */
    static Image alImage(Resolution res, int colorSpace, long timestampNanos) {
        Image i = new Image(Math.max(Image.VGA_BGR_BYTES, 3 * res.width() * res.height()));
        i.width = res.width();
        i.height = res.height();
        i.layers = 3;
        i.colorSpace = colorSpace;
        i.timestampNanos = timestampNanos;
        i.length = 3 * res.width() * res.height();
        for (int y = 0; y < res.height(); y++) {
            for (int x = 0; x < res.width(); x++) {
                for (int channel = 0; channel < 3; channel++) {
                    i.data[3 * (y * res.width() + x) + channel] = pixelByte(x, y, channel);
                }
            }
        }
        return i;
    }

    /** The byte {@link #alImage} puts in channel {@code channel} (0 blue, 1 green, 2 red) of pixel (x, y). */
    static byte pixelByte(int x, int y, int channel) {
        return (byte) (x * 7 + y * 13 + channel * 101);
    }

    static Image bgrImage(Resolution res) {
        return alImage(res, CamParams.kBGRColorSpace, 1_700_000_000_123_456_789L);
    }

    /** IMAGE from camera {@code cid} at {@code res}, cs and fr left unset as §3.7.1's params = [res, cid] allows. */
    static CamCommand image(Resolution res, int cid) {
        CamCommand c = new CamCommand();
        c.cmd = CamCommand.Cmd.IMAGE;
        c.params.res = res.id();
        c.params.cid = cid;
        return c;
    }

    static CamCommand image(int res, int cid) {
        CamCommand c = image(Resolution.K_QVGA, cid);
        c.params.res = res;
        return c;
    }

    static CamCommand setParameters(int cid, String dataName, int value) {
        CamCommand c = new CamCommand();
        c.cmd = CamCommand.Cmd.SET_PARAMETERS;
        c.params.cid = cid;
        c.dataName = dataName;
        c.value = value;
        return c;
    }

    static CamCommand get(String dataName) {
        CamCommand c = new CamCommand();
        c.cmd = CamCommand.Cmd.GET;
        c.dataName = dataName;
        return c;
    }
}
