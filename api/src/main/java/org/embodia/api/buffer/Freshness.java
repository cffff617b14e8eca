package org.embodia.api.buffer;

/** What a read of an input buffer found in an iteration. {@link #NEW_DATA} is the spec's {@code new(x)}. */
public enum Freshness {
    /** Nothing was ever received. */
    NO_DATA,
    /** The message is the one already seen in an earlier iteration: the writer sent nothing since. */
    OLD_DATA,
    /** A message arrived since the previous iteration. */
    NEW_DATA
}
