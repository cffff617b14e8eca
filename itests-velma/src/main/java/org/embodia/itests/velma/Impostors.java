package org.embodia.itests.velma;

import java.util.List;
import java.util.Random;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.api.ControlMode;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.api.FriQuality;
import org.embodia.velma.api.FriState;
import org.embodia.velma.api.LwrCommand;
import org.embodia.velma.api.LwrStatus;
import org.embodia.velma.api.Velma;

/** Subsystems that take a real one's name and buffers (the newest offer wins) to misbehave on purpose. */
final class Impostors {
    private Impostors() {
    }

    /** The EtherCAT drives' real effector gone silent ({@code fault} false) or reporting every drive in fault. */
    static final class Ethercat implements Subsystem {
        private final List<InputBuffer<?>> inputs = List.of(new InputBuffer<>("torso_command", DriveCommand.class, DriveCommand::new),
                new InputBuffer<>("head_pan_command", DriveCommand.class, DriveCommand::new),
                new InputBuffer<>("head_tilt_command", DriveCommand.class, DriveCommand::new));
        private final List<OutputBuffer<DriveStatus>> statuses = List.of(new OutputBuffer<>("torso_status", DriveStatus.class, DriveStatus::new),
                new OutputBuffer<>("head_pan_status", DriveStatus.class, DriveStatus::new),
                new OutputBuffer<>("head_tilt_status", DriveStatus.class, DriveStatus::new));
        private final boolean fault;

        Ethercat(boolean fault) {
            this.fault = fault;
        }

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("core/a.ethercat/re");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return inputs;
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.copyOf(statuses);
        }

        @Override
        public void step() {
            if (fault) {
                for (OutputBuffer<DriveStatus> s : statuses) {
                    s.message().statusWord = DriveStatus.FAULT;
                    s.send();
                }
            }
        }
    }

    /**
     * The right LWR's real effector holding still at a posture, in command mode, its status stepped by the
     * test in one step only; it records the torque of that joint each step receives. Its step, the end of a
     * cycle, takes the command ve_body sent in that cycle and sends the status ve_body reads in the next.
     */
    static final class RightArm implements Subsystem {
        static final int STEPS = 100_000;
        private final InputBuffer<LwrCommand> command = new InputBuffer<>("command", LwrCommand.class, LwrCommand::new);
        private final OutputBuffer<LwrStatus> status = new OutputBuffer<>("status", LwrStatus.class, LwrStatus::new);
        private final double[] posture;
        private final int joint;
        private final double step;
        /** The torque of {@link #joint} each step received, NaN where no new command came. */
        final double[] torques = new double[STEPS];
        volatile int steps;
        /** The step whose status carries the stepped joint position. */
        volatile int steppedAt = -1;

        RightArm(double[] posture, int joint, double step) {
            this.posture = posture.clone();
            this.joint = joint;
            this.step = step;
        }

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("core/a.lwr_r/re");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return List.of(command);
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.of(status);
        }

        @Override
        public void step() {
            int n = steps;
            torques[n % STEPS] = command.isNew() ? command.get().torque[joint] : Double.NaN;
            LwrStatus s = status.message();
            System.arraycopy(posture, 0, s.q, 0, Velma.LWR_JOINTS);
            if (n == steppedAt) {
                s.q[joint] += step;
            }
            s.power = (1 << Velma.LWR_JOINTS) - 1;
            s.controlMode = ControlMode.JOINT_IMPEDANCE;
            s.quality = FriQuality.PERFECT;
            s.state = FriState.COMMAND;
            status.send();
            steps = n + 1;
        }
    }

    /** A velma_core_cs gone wrong: what it sends each cycle is the test's to choose. */
    static final class RogueCs implements Subsystem {
        enum Mode {
            /** Damping torques, asking to leave safe mode. */
            GOOD,
            NAN,
            OVER_LIMIT,
            /** Sends nothing. */
            MISSING,
            /** Random torques, one in a hundred invalid or missing, the head target sometimes NaN. */
            STORM
        }

        final InputBuffer<BodyStatus> status = new InputBuffer<>("status", BodyStatus.class, BodyStatus::new);
        final OutputBuffer<BodyCommand> command = new OutputBuffer<>("command", BodyCommand.class, BodyCommand::new);
        private final Random random = new Random(4);
        volatile Mode mode = Mode.GOOD;

        @Override
        public SubsystemName name() {
            return SubsystemName.parse("core/a./cs");
        }

        @Override
        public List<InputBuffer<?>> inputs() {
            return List.of(status);
        }

        @Override
        public List<OutputBuffer<?>> outputs() {
            return List.of(command);
        }

        @Override
        public void step() {
            Mode m = mode;
            if (m == Mode.MISSING || !status.hasData()) {
                return;
            }
            BodyStatus s = status.get();
            BodyCommand c = command.message();
            for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                c.rightArm.torque[j] = -Velma.SAFE_DAMPING[j] * s.rightArm.dq[j];
                c.leftArm.torque[j] = -Velma.SAFE_DAMPING[j] * s.leftArm.dq[j];
            }
            c.torsoTorque = -20 * s.torso.velocity;
            c.headPan = s.headPan.position;
            c.headTilt = s.headTilt.position;
            c.exitSafeState = true;
            switch (m) {
                case NAN -> c.rightArm.torque[3] = Double.NaN;
                case OVER_LIMIT -> c.leftArm.torque[6] = 1.5 * Velma.LWR_TORQUE_LIMITS[6];
                case STORM -> {
                    if (random.nextInt(400) == 0) {
                        return;
                    }
                    for (int j = 0; j < Velma.LWR_JOINTS; j++) {
                        c.rightArm.torque[j] = random.nextGaussian() * 0.2 * Velma.LWR_TORQUE_LIMITS[j];
                        c.leftArm.torque[j] = random.nextGaussian() * 0.2 * Velma.LWR_TORQUE_LIMITS[j];
                    }
                    c.torsoTorque = random.nextGaussian() * 10;
                    int kind = random.nextInt(400);
                    if (kind == 0) {
                        c.rightArm.torque[random.nextInt(7)] = Double.NaN;
                    } else if (kind == 1) {
                        c.leftArm.torque[random.nextInt(7)] = (random.nextBoolean() ? 1 : -1) * (50 + 100 * random.nextDouble());
                    } else if (kind == 2) {
                        c.torsoTorque = random.nextBoolean() ? Double.POSITIVE_INFINITY : -150;
                    } else if (kind == 3) {
                        c.headPan = Double.NaN;
                    }
                }
                default -> {
                }
            }
            command.send();
        }
    }
}
