package org.embodia.web.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AccessTest {
    private static Access.Config config(String token, boolean commands) {
        return new Access.Config() {
            @Override
            public Class<? extends java.lang.annotation.Annotation> annotationType() {
                return Access.Config.class;
            }

            @Override
            public String token() {
                return token;
            }

            @Override
            public boolean commands() {
                return commands;
            }

            @Override
            public String[] scopes() {
                return new String[] {"velma"};
            }
        };
    }

    @Test
    void onlyTheTokenPermits() {
        Access a = new Access(config("0123456789abcdef0123", true));
        assertTrue(a.permits("0123456789abcdef0123"));
        assertFalse(a.permits("0123456789abcdef0124"));
        assertFalse(a.permits("0123456789abcdef012"));
        assertFalse(a.permits(""));
        assertFalse(a.permits(null));
    }

    @Test
    void aReadOnlyViewPermitsNothing() {
        Access a = new Access(config("0123456789abcdef0123", false));
        assertFalse(a.commandsEnabled());
        assertFalse(a.permits("0123456789abcdef0123"));
    }

    @Test
    void aFreshTokenEachStartAndAWeakOneIsRefused() {
        Access one = new Access(config("", true));
        Access two = new Access(config("", true));
        assertEquals(32, one.token().length());
        assertTrue(one.permits(one.token()));
        assertFalse(one.token().equals(two.token()));
        assertFalse(two.permits(one.token()));
        assertEquals("web view: configuration org.embodia.web: token must be 16 to 128 letters, digits, '-' or '_'",
                assertThrows(IllegalArgumentException.class, () -> new Access(config("short", true))).getMessage());
    }
}
