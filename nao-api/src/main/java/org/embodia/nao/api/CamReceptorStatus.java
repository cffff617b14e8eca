package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** What the camera's real receptor reports ([RAPP] §3.7.1). */
public final class CamReceptorStatus implements Message<CamReceptorStatus> {
    /** value: the ALMemory entry a GET_DATA asked for. */
    public final DataValue value = new DataValue();
    /** Incremented each time {@link #value} is assigned: a change is new(value). */
    public long valueSeq;
    /** image: the image collected by the camera, in ALVideoDevice's layout. */
    public final Image image;
    /** Incremented each time {@link #image} is assigned: a change is new(image). */
    public long imageSeq;
    /** name_id: the subscriber identifier ALVideoDevice returned on SUBSCRIBE. */
    public String nameId;
    /** Incremented each time {@link #nameId} is assigned: a change is new(name_id). */
    public long nameIdSeq;

    /** With room for a kVGA BGR image. */
    public CamReceptorStatus() {
        this(Image.VGA_BGR_BYTES);
    }

    /** With room for an image of {@code imageCapacity} bytes. */
    public CamReceptorStatus(int imageCapacity) {
        image = new Image(imageCapacity);
    }

    @Override
    public void copyFrom(CamReceptorStatus s) {
        value.copyFrom(s.value);
        valueSeq = s.valueSeq;
        image.copyFrom(s.image);
        imageSeq = s.imageSeq;
        nameId = s.nameId;
        nameIdSeq = s.nameIdSeq;
    }

    @Override
    public String toString() {
        return "CamReceptorStatus[value=" + value + " (#" + valueSeq + "), image=" + image + " (#" + imageSeq + "), name_id=" + nameId + " (#"
                + nameIdSeq + ")]";
    }
}
