package org.embodia.nao.mic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicParams;
import org.junit.jupiter.api.Test;

/** What idle accepts and why it rejects the rest. */
class MicCommandCheckTest {

    @Test
    void validCommandsPass() {
        assertNull(MicCommandCheck.check(Rig.record("a.wav", 3)));
        assertNull(MicCommandCheck.check(Rig.register("a.wav", 300, 1.5)));
        MicCommand all = Rig.register("a.wav", 300, 1.5);
        all.params.sampleRate = 48000;
        all.params.channels[MicParams.LEFT] = true;
        assertNull(MicCommandCheck.check(all));
        assertNull(MicCommandCheck.check(Rig.recognize(0, "yes")));
        assertNull(MicCommandCheck.check(Rig.recognize(1, "yes", "no")));
        assertNull(MicCommandCheck.check(Rig.get("ALAudioDevice/FrontMicEnergy")));
        assertNull(MicCommandCheck.check(Rig.abort()), "ABORT takes no argument");
    }

    @Test
    void eachKindOfBadCommandIsRejectedNamingWhatIsWrong() {
        assertEquals("a command without cmd was rejected; cmd is one of RECORD, REGISTER, ABORT, RECOGNIZE, GET",
                MicCommandCheck.check(new MicCommand()));
        assertEquals("RECORD rejected: fp is empty", MicCommandCheck.check(Rig.record(" ", 3)));
        assertEquals("RECORD rejected: time is 0.0 s; it must be finite and positive", MicCommandCheck.check(Rig.record("a.wav", 0)));
        assertEquals("RECORD rejected: time is NaN s; it must be finite and positive", MicCommandCheck.check(Rig.record("a.wav", Double.NaN)));
        assertEquals("RECORD rejected: time is 1.0E9 s, more steps than r_core,mic counts (2147483647)",
                MicCommandCheck.check(Rig.record("a.wav", 1e9)));
        MicCommand slow = Rig.record("a.wav", 3);
        slow.samplingPeriod = 0.1;
        assertEquals("RECORD rejected: sampling_period is 0.1 s; r_core,mic samples every 0.02 s", MicCommandCheck.check(slow));
        MicCommand unset = Rig.register("a.wav", 300, 1);
        unset.samplingPeriod = 0;
        assertEquals("REGISTER rejected: sampling_period is 0.0 s; r_core,mic samples every 0.02 s", MicCommandCheck.check(unset));
        assertEquals("REGISTER rejected: st is -1.0 s; it must be finite and positive", MicCommandCheck.check(Rig.register("a.wav", 300, -1)));
        assertEquals("REGISTER rejected: enrg, the energy threshold, is 0.0; it must be finite and positive (at 0 no sound is silence)",
                MicCommandCheck.check(Rig.register("a.wav", 0, 1)));
        assertEquals("REGISTER rejected: enrg, the energy threshold, is NaN; it must be finite and positive (at 0 no sound is silence)",
                MicCommandCheck.check(Rig.register("a.wav", Double.NaN, 1)));
        MicCommand rate = Rig.register("a.wav", 300, 1);
        rate.params.sampleRate = 44100;
        assertEquals("REGISTER rejected: params' sample rate is 44100 Hz; NAO's microphones record at 16000 or 48000 Hz",
                MicCommandCheck.check(rate));
        MicCommand deaf = Rig.register("a.wav", 300, 1);
        deaf.params.channels[MicParams.FRONT] = false;
        assertEquals("REGISTER rejected: params select no microphone channel", MicCommandCheck.check(deaf));
        assertEquals("RECOGNIZE rejected: dct, the dictionary, is empty", MicCommandCheck.check(Rig.recognize(0.5)));
        assertEquals("RECOGNIZE rejected: word 1 of dct is empty", MicCommandCheck.check(Rig.recognize(0.5, "yes", "")));
        assertEquals("RECOGNIZE rejected: threshold 1.2 is outside [0, 1]", MicCommandCheck.check(Rig.recognize(1.2, "yes")));
        assertEquals("RECOGNIZE rejected: threshold NaN is outside [0, 1]", MicCommandCheck.check(Rig.recognize(Double.NaN, "yes")));
        assertEquals("GET rejected: data_name is empty", MicCommandCheck.check(Rig.get(null)));
    }

    @Test
    void durationsBecomeStepsOf20MsRoundedUp() {
        assertEquals(50, MicCommandCheck.iterations(1.0, 0.02));
        assertEquals(5, MicCommandCheck.iterations(0.1, 0.02), "0.1 / 0.02 is 5.000000000000001 in floating point");
        assertEquals(15, MicCommandCheck.iterations(0.3, 0.02));
        assertEquals(2, MicCommandCheck.iterations(0.021, 0.02), "never shorter than commanded");
        assertEquals(1, MicCommandCheck.iterations(0.001, 0.02));
    }
}
