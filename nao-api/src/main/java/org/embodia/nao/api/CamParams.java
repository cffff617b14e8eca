package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/**
 * params = [res, cid, pf, cs, fr]: camera parameters ([RAPP] §3.7.1), with ALVideoDevice's codes.
 * From cs only res and cid are given; the virtual receptor fills in the rest.
 */
public final class CamParams implements Message<CamParams> {
    /** ALVideoDevice's BGR colour space, which the image behaviour subscribes with (§3.7.3). */
    public static final int kBGRColorSpace = 13;
    /** NAO's highest camera frame rate, fps, which the image behaviour subscribes with (§3.7.3). */
    public static final int maxCameraFPS = 30;

    /** res: resolution, ALVideoDevice's code (0 kQQVGA 160×120, 1 kQVGA 320×240, 2 kVGA 640×480, 3 k4VGA 1280×960). */
    public int res;
    /** cid: camera id (0 top, 1 bottom). */
    public int cid;
    /** pf: picture format, e.g. "jpg" or "png". */
    public String pf;
    /** cs: colour space, ALVideoDevice's code (e.g. {@link #kBGRColorSpace}). */
    public int cs;
    /** fr: frame rate, fps. */
    public int fr;

    @Override
    public void copyFrom(CamParams p) {
        res = p.res;
        cid = p.cid;
        pf = p.pf;
        cs = p.cs;
        fr = p.fr;
    }

    @Override
    public String toString() {
        return "[res=" + res + ", cid=" + cid + ", pf=" + pf + ", cs=" + cs + ", fr=" + fr + " fps]";
    }
}
