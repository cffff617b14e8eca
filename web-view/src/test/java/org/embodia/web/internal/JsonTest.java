package org.embodia.web.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class JsonTest {
    record Switch(long cycle, String to, Map<String, Boolean> predicates) {
    }

    @Test
    void writesTheViewsValues() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "core/a.\"x\"\n");
        m.put("q", new double[] {1.5, Double.NaN, Double.POSITIVE_INFINITY, 2});
        m.put("counts", new long[] {0, 3});
        m.put("switches", List.of(new Switch(7, "safe", Map.of("inError", true))));
        m.put("none", null);
        m.put("state", Thread.State.NEW);
        assertEquals("{\"name\":\"core/a.\\\"x\\\"\\n\",\"q\":[1.5,null,null,2],\"counts\":[0,3],"
                + "\"switches\":[{\"cycle\":7,\"to\":\"safe\",\"predicates\":{\"inError\":true}}],\"none\":null,\"state\":\"NEW\"}", Json.write(m));
    }

    @Test
    void controlCharactersAreEscaped() {
        assertEquals("\"a\\u0001b\\tc\\u2028\"", Json.write("a\u0001b\tc\u2028"));
    }
}
