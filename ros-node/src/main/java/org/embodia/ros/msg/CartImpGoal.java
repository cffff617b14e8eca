package org.embodia.ros.msg;

import java.nio.ByteBuffer;

import org.embodia.ros.Message;
import org.embodia.ros.MessageType;
import org.embodia.ros.RosDuration;

/** embodia_velma_msgs/CartImpGoal: A Cartesian impedance motion of one of Velma's tools: its target pose and how long the motion takes. */
public final class CartImpGoal implements Message<CartImpGoal> {
    public static final MessageType<CartImpGoal> TYPE =
            MessageType.of("embodia_velma_msgs/CartImpGoal", Definitions.text("embodia_velma_msgs/CartImpGoal"), CartImpGoal::new, Pose.TYPE);

    /** The tool's target in the world frame; an orientation of all zeros keeps the current one. */
    public final Pose pose = new Pose();
    /** How long the motion takes. */
    public final RosDuration duration = new RosDuration();

    @Override
    public MessageType<CartImpGoal> type() {
        return TYPE;
    }

    @Override
    public int serializedSize() {
        return 8 + pose.serializedSize();
    }

    @Override
    public void serialize(ByteBuffer out) {
        pose.serialize(out);
        duration.serialize(out);
    }

    @Override
    public void deserialize(ByteBuffer in) {
        pose.deserialize(in);
        duration.deserialize(in);
    }

    @Override
    public void copyFrom(CartImpGoal other) {
        pose.copyFrom(other.pose);
        duration.set(other.duration);
    }

    @Override
    public String toString() {
        return "CartImpGoal{pose=" + pose + ", duration=" + duration
                + "}";
    }
}
