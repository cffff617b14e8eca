package org.embodia.ros.msg;

import org.embodia.ros.ActionType;

/** The action embodia_velma_msgs/CartImp: a Cartesian impedance motion of one of Velma's tools to a pose. */
public final class CartImp {
    public static final ActionType<CartImpGoal, CartImpResult, CartImpFeedback> TYPE =
            ActionType.of("embodia_velma_msgs/CartImp", CartImpActionGoal.TYPE, CartImpActionResult.TYPE,
                    CartImpActionFeedback.TYPE);

    private CartImp() {
    }
}
