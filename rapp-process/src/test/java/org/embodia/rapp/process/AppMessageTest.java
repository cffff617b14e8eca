package org.embodia.rapp.process;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.embodia.rapp.api.CapturedImage;
import org.embodia.rapp.api.Rapp;
import org.embodia.rapp.api.RobotPose;
import org.junit.jupiter.api.Test;

/** Every message and every RAPP API function's arguments and result survive the bytes; made-up bytes never pass. */
class AppMessageTest {

    private static Object sample(Type type, int seed) {
        if (type == double.class) {
            return 0.25 + seed;
        }
        if (type == int.class) {
            return 3 + seed;
        }
        if (type == boolean.class) {
            return seed % 2 == 0;
        }
        if (type == String.class) {
            return "wörd " + seed;
        }
        if (type == Path.class) {
            return Path.of("rec", "f" + seed + ".wav");
        }
        if (type == double[].class) {
            double[] a = new double[16];
            Arrays.fill(a, seed - 0.5);
            return a;
        }
        if (type == RobotPose.class) {
            return RobotPose.planar(seed, -seed, 0.3);
        }
        if (type == CapturedImage.class) {
            byte[] data = new byte[640 * 480 * 3];
            Arrays.fill(data, (byte) seed);
            return new CapturedImage(640, 480, "bgr8", 640 * 3, data);
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            return List.of(sample(p.getActualTypeArguments()[0], seed), sample(p.getActualTypeArguments()[0], seed + 1));
        }
        if (type instanceof ParameterizedType p && p.getRawType() == Map.class) {
            return Map.of("HeadYaw", 0.5, "HeadPitch", -0.25);
        }
        throw new AssertionError("no sample of " + type);
    }

    private static void assertSame(Object expected, Object actual) {
        if (expected instanceof CapturedImage e && actual instanceof CapturedImage a) {
            assertEquals(List.of(e.width(), e.height(), e.encoding(), e.step()), List.of(a.width(), a.height(), a.encoding(), a.step()));
            assertArrayEquals(e.data(), a.data());
        } else if (expected instanceof double[] e) {
            assertArrayEquals(e, (double[]) actual);
        } else {
            assertEquals(expected, actual);
        }
    }

    private static AppMessage roundTrip(AppMessage m) {
        ByteBuffer bytes = m.encode();
        ByteBuffer copy = ByteBuffer.allocate(bytes.remaining() + 3);
        copy.put(new byte[] {7, 7, 7}).put(bytes).flip().position(3);
        return AppMessage.decode(copy);
    }

    @Test
    void everyFunctionsArgumentsAndResultArriveAsSent() {
        Method[] methods = Rapp.class.getMethods();
        assertEquals(20, methods.length, "the RAPP API's functions: a new one needs its types here");
        long id = 0;
        for (Method m : methods) {
            Type[] types = m.getGenericParameterTypes();
            Object[] args = new Object[types.length];
            for (int k = 0; k < types.length; k++) {
                args[k] = sample(types[k], k);
            }
            AppMessage.Call call = new AppMessage.Call(++id, m, args);
            AppMessage.Call back = (AppMessage.Call) roundTrip(call);
            assertEquals(call, back, RappMethods.signature(m));

            Object result = m.getReturnType() == void.class ? null : sample(m.getGenericReturnType(), 5);
            AppMessage.Reply reply = (AppMessage.Reply) roundTrip(AppMessage.Reply.of(id, m, result));
            assertEquals(id, reply.id());
            assertEquals(m, reply.method());
            assertEquals(null, reply.failure());
            assertSame(result, reply.result());

            AppMessage.Reply failed = (AppMessage.Reply) roundTrip(AppMessage.Reply.failed(id, m, "moveTo refused: not standing"));
            assertEquals("moveTo refused: not standing", failed.failure());
        }
    }

    @Test
    void nullsWhereTheApiAllowsThem() throws Exception {
        Method getPosition = Rapp.class.getMethod("getRobotPosition");
        assertEquals(null, ((AppMessage.Reply) roundTrip(AppMessage.Reply.of(1, getPosition, null))).result());
        Method say = Rapp.class.getMethod("textToSpeech", String.class, String.class);
        assertEquals(new AppMessage.Call(2, say, new Object[] {null, "English"}),
                roundTrip(new AppMessage.Call(2, say, new Object[] {null, "English"})));
    }

    @Test
    void theLifecycleMessages() {
        for (AppMessage m : List.of(new AppMessage.Ready(-4242L), new AppMessage.Load("greeter", "greeter-1.jar"),
                new AppMessage.Started(), new AppMessage.Failed("does not resolve"), new AppMessage.Finished(),
                new AppMessage.Error("java.lang.IllegalStateException: no"), new AppMessage.Stop())) {
            assertEquals(m, roundTrip(m));
        }
    }

    @Test
    void bytesCutShortMadeUpOrTrailingAreMalformed() throws Exception {
        Method capture = Rapp.class.getMethod("captureImage", int.class, int.class);
        ByteBuffer whole = AppMessage.Reply.of(9, capture, sample(CapturedImage.class, 1)).encode();
        byte[] b = new byte[whole.remaining()];
        whole.get(b);
        List<Integer> cuts = new ArrayList<>();
        for (int n = 0; n < b.length; n += n < 200 ? 1 : 4099) {
            cuts.add(n);
            int length = n;
            assertThrows(MalformedMessageException.class, () -> AppMessage.decode(ByteBuffer.wrap(b, 0, length)), "cut at " + n);
        }
        assertTrue(cuts.size() > 200);

        byte[] trailing = Arrays.copyOf(b, b.length + 1);
        MalformedMessageException after = assertThrows(MalformedMessageException.class, () -> AppMessage.decode(ByteBuffer.wrap(trailing)));
        assertTrue(after.getMessage().contains("after the message's end"), after.getMessage());

        ByteBuffer huge = new Wire().kind(Wire.FAILED).int32(Integer.MAX_VALUE).bytes();
        MalformedMessageException count = assertThrows(MalformedMessageException.class, () -> AppMessage.decode(huge));
        assertTrue(count.getMessage().contains("2147483647"), count.getMessage());

        ByteBuffer unknown = new Wire().kind(Wire.CALL).int64(1).string("exit(int)").bytes();
        MalformedMessageException fn = assertThrows(MalformedMessageException.class, () -> AppMessage.decode(unknown));
        assertEquals("the RAPP API has no function exit(int)", fn.getMessage());

        assertThrows(MalformedMessageException.class, () -> AppMessage.decode(new Wire().kind((byte) 42).bytes()));
        assertThrows(MalformedMessageException.class, () -> AppMessage.decode(ByteBuffer.allocate(0)));
    }
}
