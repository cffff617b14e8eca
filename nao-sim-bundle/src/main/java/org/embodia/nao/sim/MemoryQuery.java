package org.embodia.nao.sim;

import org.embodia.nao.api.DataValue;
import org.embodia.nao.sim.memory.AlMemory;

/**
 * A real effector's or receptor's GET_DATA, NAOqi's ALMemory.getData: the key asked for in one tick is answered in
 * the same tick, after the sensors were updated, with the value it then holds. A key ALMemory does not hold is
 * answered with a value of kind NONE naming the key (NAOqi would throw; the virtual side checks keys before). Answers
 * without allocating.
 */
final class MemoryQuery {
    private final AlMemory memory;
    private final double[] numbers = new double[DataValue.CAPACITY];
    private boolean asked;
    private String key;

    MemoryQuery(AlMemory memory) {
        this.memory = memory;
    }

    /** GET_DATA {@code key}, to be answered by the next {@link #answer}. */
    void ask(String key) {
        this.key = key;
        asked = true;
    }

    /** Writes the answer to a question asked since the last call into {@code value}; false when none was asked. */
    boolean answer(DataValue value) {
        if (!asked) {
            return false;
        }
        asked = false;
        Object held = memory.peek(key);
        if (held instanceof AlMemory.FloatCell cell) {
            value.setNumber(key, cell.get());
        } else if (held instanceof Integer integer) {
            value.setNumber(key, integer);
        } else if (held instanceof String text) {
            value.setText(key, text);
        } else if (held instanceof float[] array) {
            // No key of the simulated ALMemory holds more than a value does; a longer list is cut.
            int length = Math.min(array.length, DataValue.CAPACITY);
            for (int i = 0; i < length; i++) {
                numbers[i] = array[i];
            }
            value.setNumbers(key, numbers, length);
        } else {
            value.setNone(key);
        }
        return true;
    }
}
