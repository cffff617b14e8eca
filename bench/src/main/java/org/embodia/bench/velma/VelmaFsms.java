package org.embodia.bench.velma;

import java.io.InputStream;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.velma.cs.CartImp;
import org.embodia.velma.cs.Idle;
import org.embodia.velma.cs.JntImp;
import org.embodia.velma.cs.Safe;
import org.embodia.velma.cs.SafeCol;
import org.embodia.velma.cs.VelmaCs;
import org.embodia.velma.vebody.VeBody;
import org.embodia.velma.vebody.behaviors.SafeSt;
import org.embodia.velma.vebody.behaviors.SafeStOk;
import org.embodia.velma.vebody.behaviors.Transp;
import org.embodia.velma.vebody.behaviors.TranspSt;

/** ve_body's and cs's shipped FSMs over their behaviours, as DS wires them in a framework: for the benches that run Velma in one process. */
final class VelmaFsms {
    private VelmaFsms() {
    }

    static FsmExecutor veBody(VeBody veBody) throws Exception {
        Map<String, Behavior> behaviors = Map.of("idle", new org.embodia.velma.vebody.behaviors.Idle(),
                "safe", new org.embodia.velma.vebody.behaviors.Safe(veBody), "safe_st", new SafeSt(veBody), "safe_st_ok",
                new SafeStOk(veBody), "transp", new Transp(veBody), "transp_st", new TranspSt(veBody));
        return FsmExecutor.create(load(VeBody.class, "fsm/velma.ve_body.yaml"), behaviors, veBody.predicates());
    }

    static FsmExecutor cs(VelmaCs cs) throws Exception {
        Map<String, Behavior> behaviors = Map.of("idle", new Idle(cs), "safe", new Safe(cs), "safe_col", new SafeCol(cs), "jnt_imp",
                new JntImp(cs), "cart_imp", new CartImp(cs));
        return FsmExecutor.create(load(VelmaCs.class, "fsm/velma.cs.yaml"), behaviors, cs.predicates());
    }

    private static FsmDefinition load(Class<?> owner, String resource) throws Exception {
        try (InputStream in = owner.getClassLoader().getResourceAsStream(resource)) {
            return FsmLoader.load(resource, in, Map.of());
        }
    }
}
