package org.embodia.nao.cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** app.* checked: how cs starts an app's process, each bad value named. */
class AppProcessSettingsTest {
    @TempDir
    Path dir;

    private CsConfig config(Map<String, Object> values) throws IOException {
        Files.createDirectories(dir.resolve("host/bundles"));
        Map<String, Object> all = new HashMap<>(values);
        all.putIfAbsent("app_host_path", dir.resolve("host").toString());
        return (CsConfig) Proxy.newProxyInstance(CsConfig.class.getClassLoader(), new Class<?>[] {CsConfig.class},
                (proxy, method, args) -> all.containsKey(method.getName()) ? all.get(method.getName()) : method.getDefaultValue());
    }

    @Test
    void theProcessStartHasALimitOfItsOwn() throws IOException {
        AppProcessSettings s = AppProcessSettings.of(config(Map.of()), dir);

        assertEquals(Duration.ofSeconds(120), s.startTimeout());
        assertEquals(dir.resolve("apps/processes"), s.processes());
        assertEquals(Duration.ofMillis(2500), AppProcessSettings.of(config(Map.of("app_start_timeout", 2.5)), dir).startTimeout());
    }

    @Test
    void badValuesAreNamed() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertTrue(assertThrows(IllegalArgumentException.class,
                    () -> AppProcessSettings.of(config(Map.of("app_start_timeout", bad)), dir)).getMessage().contains("app.start.timeout"));
        }
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> AppProcessSettings.of(config(Map.of("app_memory", 16)), dir)).getMessage().contains("app.memory is 16"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> AppProcessSettings.of(config(Map.of("app_host_path", dir.toString())), dir)).getMessage().contains("no bundles folder"));
    }
}
