package org.embodia.nao.sim.memory;

import org.embodia.nao.model.DeviceKeys;
import org.embodia.nao.model.Fsr;
import org.embodia.nao.model.InertialSensor;
import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.model.TouchSensor;
import org.embodia.nao.sim.body.SimulatedBody;

/**
 * Feeds ALMemory from the simulated body, as NAOqi's DCM does every cycle: joint positions, commands and stiffness,
 * the inertial unit, the FSRs and their totals. The touch sensors have no simulated cause, so {@link #touch} and
 * {@link #release} set them, for tests and the shell; {@link #update()} leaves them alone.
 *
 * <p>Every key exists from construction on, so a query before the first step finds the initial state.
 */
public final class SensorFeed {
    private static final NaoJoint[] JOINTS = NaoJoint.values();
    private static final Fsr[] FSRS = Fsr.values();

    private final AlMemory memory;
    private final SimulatedBody body;
    /** The cells written every step, resolved once: by joint ordinal, by inertial key, by FSR. */
    private final AlMemory.FloatCell[] positions = new AlMemory.FloatCell[JOINTS.length];
    private final AlMemory.FloatCell[] commands = new AlMemory.FloatCell[JOINTS.length];
    private final AlMemory.FloatCell[] stiffnesses = new AlMemory.FloatCell[JOINTS.length];
    private final AlMemory.FloatCell[] inertial = new AlMemory.FloatCell[InertialSensor.values().length];
    private final AlMemory.FloatCell[] fsrs = new AlMemory.FloatCell[FSRS.length];
    private final double[] shares = new double[FSRS.length];
    private final AlMemory.FloatCell leftTotal;
    private final AlMemory.FloatCell rightTotal;

    public SensorFeed(AlMemory memory, SimulatedBody body) {
        this.memory = memory;
        this.body = body;
        for (TouchSensor sensor : TouchSensor.values()) {
            memory.insertData(sensor.key(), 0f);
        }
        for (NaoJoint joint : JOINTS) {
            positions[joint.ordinal()] = memory.floatCell(DeviceKeys.jointPosition(joint));
            commands[joint.ordinal()] = memory.floatCell(DeviceKeys.jointCommand(joint));
            stiffnesses[joint.ordinal()] = memory.floatCell(DeviceKeys.jointStiffness(joint));
        }
        for (InertialSensor sensor : InertialSensor.values()) {
            inertial[sensor.ordinal()] = memory.floatCell(sensor.key());
        }
        for (Fsr sensor : FSRS) {
            fsrs[sensor.ordinal()] = memory.floatCell(sensor.key());
            shares[sensor.ordinal()] = sensor.share();
        }
        leftTotal = memory.floatCell(DeviceKeys.totalWeight(Fsr.LEFT_FOOT));
        rightTotal = memory.floatCell(DeviceKeys.totalWeight(Fsr.RIGHT_FOOT));
        update();
    }

    /** Writes the body's current state; call after each {@link SimulatedBody#step()}. Allocates nothing. */
    public void update() {
        for (NaoJoint joint : JOINTS) {
            int j = joint.ordinal();
            positions[j].set((float) body.angle(joint));
            commands[j].set((float) body.target(joint));
            stiffnesses[j].set((float) body.stiffness(joint));
        }

        inertial[InertialSensor.ANGLE_X.ordinal()].set(0);
        inertial[InertialSensor.ANGLE_Y.ordinal()].set((float) body.torsoPitch());
        inertial[InertialSensor.ANGLE_Z.ordinal()].set((float) body.imuYaw());
        inertial[InertialSensor.GYROSCOPE_X.ordinal()].set(0);
        inertial[InertialSensor.GYROSCOPE_Y.ordinal()].set((float) body.torsoPitchRate());
        inertial[InertialSensor.GYROSCOPE_Z.ordinal()].set((float) body.gyroZ());
        inertial[InertialSensor.ACCELEROMETER_X.ordinal()].set((float) body.accelerometerX());
        inertial[InertialSensor.ACCELEROMETER_Y.ordinal()].set((float) body.accelerometerY());
        inertial[InertialSensor.ACCELEROMETER_Z.ordinal()].set((float) body.accelerometerZ());

        double left = body.leftFootWeight();
        double right = body.rightFootWeight();
        float leftSum = 0;
        float rightSum = 0;
        for (Fsr sensor : FSRS) {
            boolean onLeft = sensor.foot().equals(Fsr.LEFT_FOOT);
            float value = (float) ((onLeft ? left : right) * shares[sensor.ordinal()]);
            fsrs[sensor.ordinal()].set(value);
            if (onLeft) {
                leftSum += value;
            } else {
                rightSum += value;
            }
        }
        leftTotal.set(leftSum);
        rightTotal.set(rightSum);
    }

    /**
     * The sensor reads 1 until released.
     *
     * @param sensor its ALMemory key or NAOqi name, e.g. "Head/Touch/Front"
     */
    public void touch(String sensor) {
        memory.insertData(TouchSensor.byKeyOrName(sensor).key(), 1f);
    }

    /** The sensor reads 0 again. */
    public void release(String sensor) {
        memory.insertData(TouchSensor.byKeyOrName(sensor).key(), 0f);
    }
}
