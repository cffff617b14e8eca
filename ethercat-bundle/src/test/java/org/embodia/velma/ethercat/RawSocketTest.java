package org.embodia.velma.ethercat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RawSocketTest {
    @Test
    void aMissingInterfaceIsAClearError() {
        EthercatException e = assertThrows(EthercatException.class, () -> RawSocket.open("ecnosuch0"));
        assertEquals("no network interface 'ecnosuch0': no such device in this network namespace; check the name with ip link and set"
                + " 'interface' to it", e.getMessage());
    }

    @Test
    void noInterfaceConfiguredIsAClearError() {
        EthercatException e = assertThrows(EthercatException.class, () -> RawSocket.open(""));
        assertEquals("no network interface configured: set 'interface' to the NIC the EtherCAT bus is on (see ip link)", e.getMessage());
    }
}
