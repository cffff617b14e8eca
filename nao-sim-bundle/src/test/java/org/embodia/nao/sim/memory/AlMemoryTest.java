package org.embodia.nao.sim.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class AlMemoryTest {

    @Test
    void keysHoldFloatsIntsStringsAndFloatArrays() {
        AlMemory memory = new AlMemory();

        memory.insertData("a/float", 1.5f);
        memory.insertData("a/int", 7);
        memory.insertData("a/string", "Stand");
        memory.insertData("a/array", new float[] {1, 2, 3});

        assertEquals(1.5f, memory.getData("a/float"));
        assertEquals(7, memory.getData("a/int"));
        assertEquals("Stand", memory.getData("a/string"));
        assertArrayEquals(new float[] {1, 2, 3}, (float[]) memory.getData("a/array"));
        assertEquals(7f, memory.getFloat("a/int"));
    }

    @Test
    void aFloatIsOverwrittenInItsCellWhichAWriterMayHold() {
        AlMemory memory = new AlMemory();
        memory.insertData("a/float", 1.5f);
        AlMemory.FloatCell cell = memory.floatCell("a/float");

        memory.insertData("a/float", 2.5f);
        assertEquals(2.5f, cell.get(), "the same cell");
        cell.set(3.5f);
        assertEquals(3.5f, memory.getFloat("a/float"));
        assertEquals(cell, memory.peek("a/float"), "peek hands out what is stored");

        memory.insertData("a/text", "x");
        AlMemory.FloatCell replaced = memory.floatCell("a/text");
        assertEquals(0f, memory.getData("a/text"), "a key holding something else is set to 0");
        replaced.set(1);
        assertEquals(1f, memory.getFloat("a/text"));
        assertEquals(null, memory.peek("no/such/key"));
    }

    @Test
    void arraysAreCopiedInAndOut() {
        AlMemory memory = new AlMemory();
        float[] values = {1, 2};

        memory.insertData("values", values);
        values[0] = 9;
        ((float[]) memory.getData("values"))[1] = 9;

        assertArrayEquals(new float[] {1, 2}, (float[]) memory.getData("values"));
    }

    @Test
    void anUnknownKeyIsRefusedNamingTheKeysBesideIt() {
        AlMemory memory = new AlMemory();
        memory.insertData("Device/SubDeviceList/HeadYaw/Position/Sensor/Value", 0f);
        memory.insertData("Device/SubDeviceList/HeadYaw/Hardness/Actuator/Value", 0f);

        IllegalArgumentException misspelt = assertThrows(IllegalArgumentException.class,
                () -> memory.getData("Device/SubDeviceList/HeadYaw/Position/Sensor/Valeu"));
        IllegalArgumentException wrongJoint = assertThrows(IllegalArgumentException.class,
                () -> memory.getData("Device/SubDeviceList/HeadYaw/Stiffness/Value"));
        IllegalArgumentException unrelated = assertThrows(IllegalArgumentException.class,
                () -> memory.getData("robotName"));

        assertEquals("ALMemory has no key \"Device/SubDeviceList/HeadYaw/Position/Sensor/Valeu\"; keys under"
                + " \"Device/SubDeviceList/HeadYaw/Position/Sensor/\":"
                + " Device/SubDeviceList/HeadYaw/Position/Sensor/Value",
                misspelt.getMessage());
        assertEquals("ALMemory has no key \"Device/SubDeviceList/HeadYaw/Stiffness/Value\"; keys under"
                + " \"Device/SubDeviceList/HeadYaw/\": Device/SubDeviceList/HeadYaw/Hardness/Actuator/Value,"
                + " Device/SubDeviceList/HeadYaw/Position/Sensor/Value", wrongJoint.getMessage());
        assertEquals("ALMemory has no key \"robotName\"", unrelated.getMessage());
    }

    @Test
    void badKeysAndTypesAreRefused() {
        AlMemory memory = new AlMemory();
        memory.insertData("name", "NAO");

        assertEquals("ALMemory key \"name\" holds a String, not a float",
                assertThrows(IllegalArgumentException.class, () -> memory.getFloat("name")).getMessage());
        assertEquals("an ALMemory key must not be null or blank, was \" \"",
                assertThrows(IllegalArgumentException.class, () -> memory.insertData(" ", 1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> memory.insertData("x", (String) null));
        assertFalse(memory.containsKey(null));
    }

    @Test
    void keysAreListedSortedAndFiltered() {
        AlMemory memory = new AlMemory();
        memory.insertData("b/Touch", 0);
        memory.insertData("a/Touch", 0);
        memory.insertData("c/FSR", 0);

        assertEquals(List.of("a/Touch", "b/Touch", "c/FSR"), memory.getDataListName());
        assertEquals(List.of("a/Touch", "b/Touch"), memory.getDataList("Touch"));
        assertTrue(memory.containsKey("c/FSR"));
    }
}
