package org.embodia.velma.ethercat;

/**
 * SDO abort codes ([CIA301], "SDO abort codes"; the two ETG.1000.6 adds for CoE noted) and what each means,
 * for the messages of failed SDO transfers.
 */
public final class SdoAbort {
    public static final int TOGGLE_BIT = 0x05030000;
    public static final int TIMED_OUT = 0x05040000;
    public static final int UNKNOWN_COMMAND = 0x05040001;
    public static final int OUT_OF_MEMORY = 0x05040005;
    public static final int UNSUPPORTED_ACCESS = 0x06010000;
    public static final int WRITE_ONLY = 0x06010001;
    public static final int READ_ONLY = 0x06010002;
    /** ETG.1000.6: an entry of a PDO assignment or mapping written while subindex 0 is not 0. */
    public static final int SUBINDEX_0_NOT_ZERO = 0x06010003;
    /** ETG.1000.6. */
    public static final int COMPLETE_ACCESS_UNSUPPORTED = 0x06010004;
    public static final int NO_OBJECT = 0x06020000;
    public static final int NOT_MAPPABLE = 0x06040041;
    public static final int PDO_TOO_LONG = 0x06040042;
    public static final int INCOMPATIBLE_PARAMETER = 0x06040043;
    public static final int INCOMPATIBLE_INTERNALLY = 0x06040047;
    public static final int HARDWARE_ERROR = 0x06060000;
    public static final int LENGTH_MISMATCH = 0x06070010;
    public static final int LENGTH_TOO_HIGH = 0x06070012;
    public static final int LENGTH_TOO_LOW = 0x06070013;
    public static final int NO_SUBINDEX = 0x06090011;
    public static final int VALUE_RANGE = 0x06090030;
    public static final int VALUE_TOO_HIGH = 0x06090031;
    public static final int VALUE_TOO_LOW = 0x06090032;
    public static final int MAX_BELOW_MIN = 0x06090036;
    public static final int GENERAL_ERROR = 0x08000000;
    public static final int CANNOT_STORE = 0x08000020;
    public static final int LOCAL_CONTROL = 0x08000021;
    public static final int DEVICE_STATE = 0x08000022;
    public static final int NO_DICTIONARY = 0x08000023;

    private SdoAbort() {
    }

    /** The code's meaning; a code the standard does not list says so. */
    public static String meaning(int code) {
        return switch (code) {
            case TOGGLE_BIT -> "toggle bit not alternated";
            case TIMED_OUT -> "SDO protocol timed out";
            case UNKNOWN_COMMAND -> "client/server command specifier not valid or unknown";
            case OUT_OF_MEMORY -> "out of memory";
            case UNSUPPORTED_ACCESS -> "unsupported access to an object";
            case WRITE_ONLY -> "attempt to read a write only object";
            case READ_ONLY -> "attempt to write a read only object";
            case SUBINDEX_0_NOT_ZERO -> "subindex cannot be written, subindex 0 must be 0 for write access";
            case COMPLETE_ACCESS_UNSUPPORTED -> "SDO complete access not supported";
            case NO_OBJECT -> "object does not exist in the object dictionary";
            case NOT_MAPPABLE -> "object cannot be mapped to the PDO";
            case PDO_TOO_LONG -> "the number and length of the objects to be mapped would exceed the PDO length";
            case INCOMPATIBLE_PARAMETER -> "general parameter incompatibility";
            case INCOMPATIBLE_INTERNALLY -> "general internal incompatibility in the device";
            case HARDWARE_ERROR -> "access failed due to a hardware error";
            case LENGTH_MISMATCH -> "data type does not match, length of service parameter does not match";
            case LENGTH_TOO_HIGH -> "data type does not match, length of service parameter too high";
            case LENGTH_TOO_LOW -> "data type does not match, length of service parameter too low";
            case NO_SUBINDEX -> "subindex does not exist";
            case VALUE_RANGE -> "value range of parameter exceeded";
            case VALUE_TOO_HIGH -> "value of parameter written too high";
            case VALUE_TOO_LOW -> "value of parameter written too low";
            case MAX_BELOW_MIN -> "maximum value is less than minimum value";
            case GENERAL_ERROR -> "general error";
            case CANNOT_STORE -> "data cannot be transferred or stored to the application";
            case LOCAL_CONTROL -> "data cannot be transferred or stored to the application because of local control";
            case DEVICE_STATE -> "data cannot be transferred or stored to the application because of the present device state";
            case NO_DICTIONARY -> "object dictionary dynamic generation fails or no object dictionary is present";
            default -> "abort code not listed in CiA 301";
        };
    }

    /** {@code 0x06070010 data type does not match, ...}: the code as eight hex digits and its meaning. */
    public static String describe(int code) {
        return String.format("0x%08x %s", code, meaning(code));
    }
}
