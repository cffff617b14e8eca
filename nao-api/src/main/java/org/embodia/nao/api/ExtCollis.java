package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** ext_collis = [body, flag]: external collision protection for a part of the body (ALMotion's setExternalCollisionProtectionEnabled). */
public final class ExtCollis implements Message<ExtCollis> {
    /** The values of {@link #body}. */
    public static final String ALL = "All";
    public static final String MOVE = "Move";
    public static final String ARMS = "Arms";
    public static final String L_ARM = "LArm";
    public static final String R_ARM = "RArm";

    /** The part of the body: {@link #ALL}, {@link #MOVE}, {@link #ARMS}, {@link #L_ARM} or {@link #R_ARM}. */
    public String body;
    /** TRUE when the part's external collision protection is to be enabled. */
    public boolean flag;

    public void set(String body, boolean flag) {
        this.body = body;
        this.flag = flag;
    }

    @Override
    public void copyFrom(ExtCollis e) {
        body = e.body;
        flag = e.flag;
    }

    @Override
    public String toString() {
        return "[" + body + ", " + flag + "]";
    }
}
