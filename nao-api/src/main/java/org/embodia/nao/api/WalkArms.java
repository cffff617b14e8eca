package org.embodia.nao.api;

import org.embodia.api.buffer.Message;

/** walk_arms = [left, right]: whether the arms swing while walking (ALMotion's setMoveArmsEnabled). */
public final class WalkArms implements Message<WalkArms> {
    /** TRUE when the left arm is enabled. */
    public boolean left;
    /** TRUE when the right arm is enabled. */
    public boolean right;

    public void set(boolean left, boolean right) {
        this.left = left;
        this.right = right;
    }

    @Override
    public void copyFrom(WalkArms w) {
        left = w.left;
        right = w.right;
    }

    @Override
    public String toString() {
        return "[left=" + left + ", right=" + right + "]";
    }
}
