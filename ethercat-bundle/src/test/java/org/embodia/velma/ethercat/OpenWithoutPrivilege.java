package org.embodia.velma.ethercat;

/** Run in a process without CAP_NET_RAW: opens a raw socket on the interface named and prints what failed. */
public final class OpenWithoutPrivilege {
    private OpenWithoutPrivilege() {
    }

    public static void main(String[] args) {
        try (RawSocket socket = RawSocket.open(args[0])) {
            System.out.println("opened");
        } catch (EthercatException e) {
            System.out.println(e.getMessage());
        }
    }
}
