package org.embodia.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.embodia.ros.internal.XmlRpc;
import org.junit.jupiter.api.Test;

/** The XML-RPC codec: both directions, and what Python's xmlrpc writes. */
class XmlRpcTest {
    @Test
    void callsRoundTrip() {
        List<Object> params = List.of("/node", "/a<b>&c", 42, true, 2.5, List.of(List.of("TCPROS"), List.of()),
                Map.of("k", "v"));
        XmlRpc.Call call = XmlRpc.parseCall(XmlRpc.methodCall("requestTopic", params.toArray()));
        assertEquals("requestTopic", call.method());
        assertEquals(params, call.params());
    }

    @Test
    void readsPythonsResponses() throws Exception {
        String python = "<?xml version='1.0'?>\n<methodResponse>\n<params>\n<param>\n<value><array><data>\n"
                + "<value><int>1</int></value>\n<value><string>ready &amp; &lt;set&gt;</string></value>\n"
                + "<value><array><data>\n<value><string>TCPROS</string></value>\n<value>127.0.0.1</value>\n"
                + "<value><i4>4711</i4></value>\n<value><boolean>0</boolean></value>\n<value><nil/></value>\n"
                + "</data></array></value>\n</data></array></value>\n</param>\n</params>\n</methodResponse>\n";
        List<Object> inner = new java.util.ArrayList<>(List.of("TCPROS", "127.0.0.1", 4711, false));
        inner.add(null);
        assertEquals(List.of(1, "ready & <set>", inner), XmlRpc.parseResponse(python));
    }

    @Test
    void faultsAreThrown() {
        XmlRpc.Fault f = assertThrows(XmlRpc.Fault.class, () -> XmlRpc.parseResponse(XmlRpc.fault(3, "no such")));
        assertEquals(3, f.code);
        assertEquals("no such", f.getMessage());
    }
}
