package org.embodia.velma.api;

import static org.embodia.velma.api.ValidityTest.healthyArm;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** allHwOk's parts by name: each device's failure sets its own part, and only that one. */
class AllHwOkTest {

    private static DriveStatus drive() {
        DriveStatus d = new DriveStatus();
        d.statusWord = 0x1237;
        return d;
    }

    private static List<String> failing(LwrStatus r, LwrStatus l, DriveStatus t, DriveStatus hp, DriveStatus ht) {
        return AllHwOk.names(AllHwOk.failing(r, l, t, hp, ht));
    }

    @Test
    void everyDeviceWorkingIsAllHwOk() {
        assertEquals(0, AllHwOk.failing(healthyArm(), healthyArm(), drive(), drive(), drive()));
        assertEquals(List.of(), failing(healthyArm(), healthyArm(), drive(), drive(), drive()));
    }

    @Test
    void eachFailureNamesItsPart() {
        LwrStatus monitor = healthyArm();
        monitor.state = FriState.MONITOR;
        assertEquals(List.of("rLwrInCmdState"), failing(monitor, healthyArm(), drive(), drive(), drive()));
        assertEquals(List.of("lLwrInCmdState"), failing(healthyArm(), monitor, drive(), drive(), drive()));
        LwrStatus unpowered = healthyArm();
        unpowered.power = 0;
        assertEquals(List.of("rLwrOk"), failing(unpowered, healthyArm(), drive(), drive(), drive()));
        assertEquals(List.of("lLwrOk"), failing(healthyArm(), unpowered, drive(), drive(), drive()));
        DriveStatus fault = drive();
        fault.statusWord = 0x0008;
        assertEquals(List.of("tMotorOk"), failing(healthyArm(), healthyArm(), fault, drive(), drive()));
        assertEquals(List.of("hpMotorOk"), failing(healthyArm(), healthyArm(), drive(), fault, drive()));
        assertEquals(List.of("htMotorOk"), failing(healthyArm(), healthyArm(), drive(), drive(), fault));
    }

    @Test
    void bothKrcsOutOfCommandModeAndUnpoweredNameFourParts() {
        LwrStatus dropped = healthyArm();
        dropped.state = FriState.MONITOR;
        dropped.power = 0;
        dropped.quality = FriQuality.BAD;
        assertEquals(List.of("rLwrOk", "lLwrOk", "rLwrInCmdState", "lLwrInCmdState"), failing(dropped, dropped, drive(), drive(), drive()));
    }
}
