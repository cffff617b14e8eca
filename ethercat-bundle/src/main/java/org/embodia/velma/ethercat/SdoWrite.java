package org.embodia.velma.ethercat;

/**
 * One SDO download of a slave's start-up list, done over CoE in PRE-OP before the master asks for SAFE-OP.
 *
 * @param index the object, e.g. 0x1C12
 * @param subindex the entry of the object
 * @param value the value, little-endian in {@code size} bytes
 * @param size 1, 2 or 4 bytes, the object's data type length
 */
public record SdoWrite(int index, int subindex, int value, int size) {
    public SdoWrite {
        if (size != 1 && size != 2 && size != 4) {
            throw new IllegalArgumentException("an SDO start-up write is 1, 2 or 4 bytes, not " + size);
        }
    }

    @Override
    public String toString() {
        return Coe.object(index, subindex) + " = 0x" + Integer.toHexString(value);
    }
}
