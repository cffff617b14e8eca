package org.embodia.nao.api;

import java.util.Arrays;

import org.embodia.api.buffer.Message;

/**
 * value: the current value of a NAOqi ALMemory entry named data_name, as a GET returns it. ALMemory
 * values are dynamically typed; the ones the core agent reads are a number, a text or a list of
 * numbers, so {@link #kind} says which field holds it.
 */
public final class DataValue implements Message<DataValue> {
    /** The longest list of numbers a value may hold. */
    public static final int CAPACITY = 64;

    /** What a value holds. */
    public enum Kind {
        /** Nothing: no value was read yet, or the entry does not exist. */
        NONE,
        /** {@link DataValue#number}. */
        NUMBER,
        /** {@link DataValue#text}. */
        TEXT,
        /** {@link DataValue#numbers} up to {@link DataValue#count}. */
        NUMBERS
    }

    /** data_name: the ALMemory key this value was read from. */
    public String dataName;
    public Kind kind = Kind.NONE;
    /** The value when {@link #kind} is NUMBER, in the entry's own unit. */
    public double number;
    /** The value when {@link #kind} is TEXT. */
    public String text;
    /** The value when {@link #kind} is NUMBERS, valid up to {@link #count}. */
    public final double[] numbers = new double[CAPACITY];
    public int count;

    public void setNone(String dataName) {
        this.dataName = dataName;
        kind = Kind.NONE;
    }

    public void setNumber(String dataName, double number) {
        this.dataName = dataName;
        kind = Kind.NUMBER;
        this.number = number;
    }

    public void setText(String dataName, String text) {
        this.dataName = dataName;
        kind = Kind.TEXT;
        this.text = text;
    }

    /**
     * A list of numbers: the first {@code length} of {@code source}.
     *
     * @throws IllegalArgumentException when {@code length} exceeds {@link #CAPACITY}
     */
    public void setNumbers(String dataName, double[] source, int length) {
        if (length > CAPACITY) {
            throw new IllegalArgumentException(dataName + ": a value holds at most " + CAPACITY + " numbers, got " + length);
        }
        this.dataName = dataName;
        kind = Kind.NUMBERS;
        System.arraycopy(source, 0, numbers, 0, length);
        count = length;
    }

    @Override
    public void copyFrom(DataValue v) {
        dataName = v.dataName;
        kind = v.kind;
        number = v.number;
        text = v.text;
        System.arraycopy(v.numbers, 0, numbers, 0, v.count);
        count = v.count;
    }

    @Override
    public String toString() {
        String shown = switch (kind) {
            case NONE -> "none";
            case NUMBER -> Double.toString(number);
            case TEXT -> '"' + text + '"';
            case NUMBERS -> Arrays.toString(Arrays.copyOf(numbers, count));
        };
        return dataName + "=" + shown;
    }
}
