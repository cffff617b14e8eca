package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the camera virtual receptor returns to the control subsystem ([RAPP] §3.7.1). */
public final class CamStatus implements Message<CamStatus> {
    /** value: the NAOqi parameter a GET asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;
    /** image: the captured image, in ROS's layout. */
    public final Image image;
    /** Incremented each time {@link #image} is assigned: a change is new(image). */
    public long imageSeq;
    /** Why the last command from cs was rejected; null once a command is accepted. */
    public String reason;
    /** Incremented on each rejection. */
    public long reasonSeq;

    /** With room for a kVGA BGR image. */
    public CamStatus() {
        this(Image.VGA_BGR_BYTES);
    }

    /** With room for an image of {@code imageCapacity} bytes. */
    public CamStatus(int imageCapacity) {
        image = new Image(imageCapacity);
    }

    @Override
    public void copyFrom(CamStatus s) {
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
        image.copyFrom(s.image);
        imageSeq = s.imageSeq;
        reason = s.reason;
        reasonSeq = s.reasonSeq;
    }

    @Override
    public String toString() {
        return "CamStatus[value=" + value + " (#" + valueSeq + "), image=" + image + " (#" + imageSeq + ")"
                + (reason == null ? "" : ", rejected (#" + reasonSeq + "): " + reason) + "]";
    }
}
