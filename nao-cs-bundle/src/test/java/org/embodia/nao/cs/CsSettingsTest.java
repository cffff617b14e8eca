package org.embodia.nao.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The configuration checked: defaults, each bad value named, and rd's directory made absolute. */
class CsSettingsTest {

    /** A CsConfig with its defaults but for {@code values}, as DS builds one from a configuration. */
    private static CsConfig config(Map<String, Object> values) {
        return (CsConfig) Proxy.newProxyInstance(CsConfig.class.getClassLoader(), new Class<?>[] {CsConfig.class},
                (proxy, method, args) -> values.containsKey(method.getName()) ? values.get(method.getName())
                        : method.getDefaultValue());
    }

    @Test
    void aRelativeRecordingPathIsTakenFromTheWorkingDirectory() {
        CsSettings s = CsSettings.of(config(Map.of("recording_path", "target/../target/rapp-cs")));

        // r_core,mic's real receptor takes a relative path from its own directory: cs must hand over absolute ones.
        assertTrue(s.recordings().isAbsolute(), s.recordings().toString());
        assertEquals(Path.of("target/rapp-cs").toAbsolutePath(), s.recordings());
        assertNull(s.store(), "no store.uri: the RappStore service's address");
        assertEquals("English", s.language());
        assertEquals(List.of("Long", "Abort"), s.dictionary());
    }

    @Test
    void badValuesAreNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> CsSettings.of(config(Map.of("threshold", 1.5)))).getMessage().contains("threshold 1.5"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> CsSettings.of(config(Map.of("recording_path", " ")))).getMessage().contains("recording.path"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> CsSettings.of(config(Map.of("call_timeout", Double.NaN)))).getMessage().contains("call.timeout"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> CsSettings.of(config(Map.of("store_uri", "http://a b")))).getMessage().contains("store.uri"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CsSettings.of(config(Map.of("dictionary",
                new String[] {"Long", "Stop"})))).getMessage().contains("must hold Long and Abort"));
    }
}
