package org.embodia.nao.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.embodia.api.buffer.Message;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

/**
 * Every message of the package copies every field: a field that copyFrom forgets would silently
 * not reach the reader. Checked by reflection, so a field added later is checked too.
 */
class MessagesTest {

    static final List<Class<? extends Message<?>>> MESSAGES = List.of(BodyCommand.class, BodyStatus.class, BodyEffectorCommand.class,
            BodyEffectorStatus.class, LsCommand.class, LsStatus.class, LsEffectorCommand.class, LsEffectorStatus.class, MicCommand.class,
            MicStatus.class, MicReceptorCommand.class, MicReceptorStatus.class, SensorCommand.class, SensorStatus.class,
            SensorReceptorCommand.class, SensorReceptorStatus.class, CamCommand.class, CamStatus.class, CamReceptorCommand.class,
            CamReceptorStatus.class);

    private int counter;

    /** Gives every public field a value unlike its initial one; lists get 3 valid entries, images 5 bytes. */
    private void fill(Object o) throws ReflectiveOperationException {
        for (Field f : o.getClass().getFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            Class<?> t = f.getType();
            int n = ++counter;
            if (f.getName().equals("count")) {
                f.setInt(o, 3);
            } else if (f.getName().equals("length")) {
                f.setInt(o, 5);
            } else if (t == double.class) {
                f.setDouble(o, n + 0.5);
            } else if (t == int.class) {
                f.setInt(o, n);
            } else if (t == long.class) {
                f.setLong(o, n);
            } else if (t == boolean.class) {
                f.setBoolean(o, true);
            } else if (t == String.class) {
                f.set(o, "s" + n);
            } else if (t.isEnum()) {
                Object[] constants = t.getEnumConstants();
                f.set(o, constants[constants.length - 1]);
            } else if (t.isArray()) {
                Object array = f.get(o);
                for (int i = 0; i < Array.getLength(array); i++) {
                    Class<?> c = t.getComponentType();
                    Array.set(array, i, c == double.class ? (Object) (n + i + 0.25)
                            : c == boolean.class ? (Object) (i % 2 == 0)
                            : c == byte.class ? (Object) (byte) (n + i) : "s" + n + "." + i);
                }
            } else if (Message.class.isAssignableFrom(t)) {
                fill(f.get(o));
            } else {
                throw new AssertionError("no filler for " + f);
            }
        }
    }

    /** What a reader sees: every field, arrays up to the message's count or length. */
    private static void assertSameContent(Object expected, Object actual, String path) throws ReflectiveOperationException {
        int valid = -1;
        for (Field f : expected.getClass().getFields()) {
            if (f.getName().equals("count") || f.getName().equals("length")) {
                valid = f.getInt(expected);
            }
        }
        for (Field f : expected.getClass().getFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            Object e = f.get(expected);
            Object a = f.get(actual);
            String where = path + "." + f.getName();
            if (f.getType().isArray()) {
                assertNotSame(e, a, where + " is shared, not copied");
                int n = valid >= 0 ? valid : Array.getLength(e);
                for (int i = 0; i < n; i++) {
                    assertEquals(Array.get(e, i), Array.get(a, i), where + "[" + i + "]");
                }
            } else if (Message.class.isAssignableFrom(f.getType())) {
                assertNotSame(e, a, where + " is shared, not copied");
                assertSameContent(e, a, where);
            } else {
                assertEquals(e, a, where + " was not copied");
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    @Test
    void copyFromCopiesEveryFieldOfEveryMessage() throws ReflectiveOperationException {
        for (Class<? extends Message<?>> type : MESSAGES) {
            Message source = type.getConstructor().newInstance();
            Message target = type.getConstructor().newInstance();
            fill(source);
            target.copyFrom(source);
            assertSameContent(source, target, type.getSimpleName());
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    @Test
    void copyFromAllocatesNothing() throws ReflectiveOperationException {
        List<Message[]> pairs = new ArrayList<>();
        for (Class<? extends Message<?>> type : MESSAGES) {
            Message source = type.getConstructor().newInstance();
            fill(source);
            pairs.add(new Message[] {source, type.getConstructor().newInstance()});
        }
        Message[][] array = pairs.toArray(new Message[0][]);
        Runnable copyAll = () -> {
            for (int i = 0; i < array.length; i++) {
                array[i][1].copyFrom(array[i][0]);
            }
        };
        assertEquals(0, Allocations.warmUpThenLeastOfTenRounds(20_000, 5_000, copyAll), "bytes allocated copying every message 5,000 times");
    }

    @Test
    void toStringShowsTheCommandAndItsArgument() {
        BodyCommand c = new BodyCommand();
        assertEquals("BodyCommand[none]", c.toString());
        c.cmd = BodyCommand.Cmd.INTERPOLATION;
        c.dja.add("HeadYaw", 0.5);
        c.dja.add("LHand", 1.0);
        c.dja.fractionMaxSpeed = 0.2;
        assertEquals("BodyCommand[INTERPOLATION, dja=[HeadYaw=0.5, LHand=1.0, fractionMaxSpeed=0.2]]", c.toString());
        BodyStatus s = new BodyStatus();
        s.reason = "unknown NAO joint \"Knee\"";
        s.reasonSeq = 2;
        assertTrue(s.toString().endsWith("rejected (#2): unknown NAO joint \"Knee\"]"), s.toString());
        for (Class<? extends Message<?>> type : MESSAGES) {
            assertTrue(assertDoesNotThrowToString(type).startsWith(type.getSimpleName() + "["), type.getSimpleName());
        }
    }

    private static String assertDoesNotThrowToString(Class<? extends Message<?>> type) {
        try {
            return type.getConstructor().newInstance().toString();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(type + " has no public no-argument constructor, so a buffer cannot preallocate it", e);
        }
    }

    @Test
    void listsKeepTheirCapacityAndFindNames() {
        JointValues j = new JointValues();
        for (int i = 0; i < JointValues.CAPACITY; i++) {
            j.add("J" + i, i);
        }
        assertEquals(7, j.indexOf("J7"));
        assertEquals(-1, j.indexOf("Knee"));
        IllegalStateException full = assertThrows(IllegalStateException.class, () -> j.add("HeadYaw", 0));
        assertTrue(full.getMessage().contains("at most 26"), full.getMessage());
        j.clear();
        assertEquals(-1, j.indexOf("J0"), "a cleared list holds nothing");
    }

    @Test
    void anImageTooLargeForTheBufferIsRefusedWithItsSize() {
        Image big = new Image(100);
        big.width = 10;
        big.height = 10;
        big.length = 100;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Image(50).copyFrom(big));
        assertTrue(e.getMessage().contains("10×10") && e.getMessage().contains("50 bytes"), e.getMessage());
    }
}
