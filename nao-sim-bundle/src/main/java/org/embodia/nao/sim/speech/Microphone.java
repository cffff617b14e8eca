package org.embodia.nao.sim.speech;

/**
 * NAO's four head microphones, declared in the order their channels interleave in a frame of
 * {@link SimulatedMicrophones}: the order of the channel flags of NAOqi's ALAudioDevice.startMicrophonesRecording
 * (left, right, front, rear).
 */
public enum Microphone {
    LEFT, RIGHT, FRONT, REAR
}
