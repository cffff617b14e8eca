package org.embodia.rapp.process;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.embodia.rapp.api.Rapp;

/** {@link Rapp}'s functions by the signature a {@link AppMessage.Call} names them with, e.g. {@code moveTo(double,double,double)}. */
public final class RappMethods {
    private static final Map<String, Method> BY_SIGNATURE = Arrays.stream(Rapp.class.getMethods())
            .filter(m -> !Modifier.isStatic(m.getModifiers()))
            .collect(Collectors.toUnmodifiableMap(RappMethods::signature, Function.identity()));

    private RappMethods() {
    }

    /** The name and the parameters' types, e.g. {@code captureAudio(double,double)}. */
    public static String signature(Method method) {
        return method.getName() + Arrays.stream(method.getParameterTypes()).map(Class::getName)
                .collect(Collectors.joining(",", "(", ")"));
    }

    /**
     * The function of {@link Rapp} with {@code signature}.
     *
     * @throws MalformedMessageException when Rapp has none
     */
    public static Method bySignature(String signature) {
        Method m = BY_SIGNATURE.get(signature);
        if (m == null) {
            throw new MalformedMessageException("the RAPP API has no function " + signature);
        }
        return m;
    }
}
