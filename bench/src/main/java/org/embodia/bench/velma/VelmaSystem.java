package org.embodia.bench.velma;

import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.velma.cs.CartImp;
import org.embodia.velma.cs.Idle;
import org.embodia.velma.cs.JntImp;
import org.embodia.velma.cs.Safe;
import org.embodia.velma.cs.SafeCol;
import org.embodia.velma.cs.VelmaCs;
import org.embodia.velma.sim.EthercatEffector;
import org.embodia.velma.sim.LeftLwrEffector;
import org.embodia.velma.sim.RightLwrEffector;
import org.embodia.velma.sim.VelmaSimulation;
import org.embodia.velma.vebody.VeBody;
import org.embodia.velma.vebody.behaviors.SafeSt;
import org.embodia.velma.vebody.behaviors.SafeStOk;
import org.embodia.velma.vebody.behaviors.Transp;
import org.embodia.velma.vebody.behaviors.TranspSt;

/**
 * The velma-sim system in one process, for the benches: the simulation at manual pace, its three real
 * effectors, ve_body and cs with their shipped FSMs over their behaviours, wired as the core agent's
 * configuration wires them, each phase of the activity's cycle callable on its own.
 */
final class VelmaSystem implements AutoCloseable {
    private static final String[] CONNECTIONS = {"core/a.lwr_r/re:status -> core/a.body/ve:lwr_r_status",
        "core/a.lwr_l/re:status -> core/a.body/ve:lwr_l_status", "core/a.ethercat/re:torso_status -> core/a.body/ve:torso_status",
        "core/a.ethercat/re:head_pan_status -> core/a.body/ve:head_pan_status",
        "core/a.ethercat/re:head_tilt_status -> core/a.body/ve:head_tilt_status", "core/a.body/ve:status -> core/a./cs:status",
        "core/a./cs:command -> core/a.body/ve:command", "core/a.body/ve:lwr_r_command -> core/a.lwr_r/re:command",
        "core/a.body/ve:lwr_l_command -> core/a.lwr_l/re:command", "core/a.body/ve:torso_command -> core/a.ethercat/re:torso_command",
        "core/a.body/ve:head_pan_command -> core/a.ethercat/re:head_pan_command",
        "core/a.body/ve:head_tilt_command -> core/a.ethercat/re:head_tilt_command"};

    final VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
    final VeBody veBody = new VeBody();
    final VelmaCs cs = new VelmaCs();
    final FsmExecutor veBodyFsm;
    final FsmExecutor csFsm;
    private final Subsystem[] effectors = {new RightLwrEffector(sim), new LeftLwrEffector(sim), new EthercatEffector(sim)};
    /** Each effector's inputs, taken once: a cycle that asked for them would allocate a list, which the scheduler does not. */
    private final InputBuffer<?>[][] effectorInputs = new InputBuffer<?>[effectors.length][];
    private final Map<String, Subsystem> byName = new HashMap<>();
    private final InputBuffer<?>[] statusInputs;
    private final InputBuffer<?>[] commandInput;
    private final InputBuffer<?>[] csInputs;

    VelmaSystem() throws Exception {
        for (Subsystem s : List.of(veBody, cs, effectors[0], effectors[1], effectors[2])) {
            byName.put(s.name().toString(), s);
        }
        for (String c : CONNECTIONS) {
            String[] ends = c.split(" -> ");
            String[] to = ends[1].split(":");
            connect(output(ends[0]), byName.get(to[0]).inputs().stream().filter(b -> b.name().equals(to[1])).findFirst().orElseThrow());
        }
        Map<String, Behavior> vb = Map.of("idle", new org.embodia.velma.vebody.behaviors.Idle(), "safe",
                new org.embodia.velma.vebody.behaviors.Safe(veBody), "safe_st", new SafeSt(veBody), "safe_st_ok", new SafeStOk(veBody),
                "transp", new Transp(veBody), "transp_st", new TranspSt(veBody));
        veBodyFsm = FsmExecutor.create(load(VeBody.class, "fsm/velma.ve_body.yaml"), vb, veBody.predicates());
        Map<String, Behavior> cb = Map.of("idle", new Idle(cs), "safe", new Safe(cs), "safe_col", new SafeCol(cs), "jnt_imp",
                new JntImp(cs), "cart_imp", new CartImp(cs));
        csFsm = FsmExecutor.create(load(VelmaCs.class, "fsm/velma.cs.yaml"), cb, cs.predicates());
        statusInputs = veBody.inputs().stream().filter(b -> !b.name().equals("command")).toArray(InputBuffer<?>[]::new);
        commandInput = veBody.inputs().stream().filter(b -> b.name().equals("command")).toArray(InputBuffer<?>[]::new);
        csInputs = cs.inputs().toArray(InputBuffer<?>[]::new);
        for (int e = 0; e < effectors.length; e++) {
            effectorInputs[e] = effectors[e].inputs().toArray(InputBuffer<?>[]::new);
        }
    }

    private static FsmDefinition load(Class<?> owner, String resource) throws Exception {
        try (InputStream in = owner.getClassLoader().getResourceAsStream(resource)) {
            return FsmLoader.load(resource, in, Map.of());
        }
    }

    /** A subsystem's output by {@code <subsystem>:<buffer>}, e.g. to connect a probe of one's own. */
    OutputBuffer<?> output(String end) {
        String[] e = end.split(":");
        return byName.get(e[0]).outputs().stream().filter(b -> b.name().equals(e[1])).findFirst().orElseThrow();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static void connect(OutputBuffer out, InputBuffer in) {
        out.connect(in);
    }

    /** The core agent's activity in [VELMA-STRUCT]'s order: ve_body's status pass, cs, ve_body's command pass, the effectors. */
    void cycle() {
        statusPass();
        csPass();
        commandPass();
        effectorsPass();
    }

    void statusPass() {
        pass(statusInputs, veBodyFsm, veBody);
    }

    void csPass() {
        pass(csInputs, csFsm, cs);
    }

    void commandPass() {
        pass(commandInput, veBodyFsm, veBody);
    }

    void effectorsPass() {
        for (int e = 0; e < effectors.length; e++) {
            for (InputBuffer<?> in : effectorInputs[e]) {
                in.receive();
            }
            try {
                effectors[e].step();
            } catch (Exception ex) {
                throw new IllegalStateException(ex);
            }
        }
    }

    private static void pass(InputBuffer<?>[] inputs, FsmExecutor fsm, Subsystem s) {
        for (InputBuffer<?> in : inputs) {
            in.receive();
        }
        fsm.step();
        s.endIteration();
    }

    @Override
    public void close() {
        sim.close();
    }
}
