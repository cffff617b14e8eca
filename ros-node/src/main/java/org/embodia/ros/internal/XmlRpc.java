package org.embodia.ros.internal;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * XML-RPC's encoding, as the ROS Master and Slave APIs use it: values are Integer (i4/int), Boolean, String, Double,
 * List (array), Map (struct), byte[] (base64) and null (nil); a small XML reader of its own reads calls and responses.
 */
public final class XmlRpc {
    /** A fault answered instead of a value. */
    public static final class Fault extends Exception {
        private static final long serialVersionUID = 1L;
        public final int code;

        public Fault(int code, String message) {
            super(message);
            this.code = code;
        }
    }

    /** A call: its method and parameters. */
    public record Call(String method, List<Object> params) {
    }

    private XmlRpc() {
    }

    // ---- writing

    public static String methodCall(String method, Object... params) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\"?>\n<methodCall><methodName>");
        escape(method, x);
        x.append("</methodName><params>");
        for (Object p : params) {
            x.append("<param>");
            value(p, x);
            x.append("</param>");
        }
        return x.append("</params></methodCall>\n").toString();
    }

    public static String response(Object value) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\"?>\n<methodResponse><params><param>");
        value(value, x);
        return x.append("</param></params></methodResponse>\n").toString();
    }

    public static String fault(int code, String message) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\"?>\n<methodResponse><fault>");
        value(Map.of("faultCode", code, "faultString", message), x);
        return x.append("</fault></methodResponse>\n").toString();
    }

    private static void value(Object v, StringBuilder x) {
        x.append("<value>");
        if (v == null) {
            x.append("<nil/>");
        } else if (v instanceof String s) {
            x.append("<string>");
            escape(s, x);
            x.append("</string>");
        } else if (v instanceof Boolean b) {
            x.append("<boolean>").append(b ? '1' : '0').append("</boolean>");
        } else if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            x.append("<i4>").append(((Number) v).intValue()).append("</i4>");
        } else if (v instanceof Long l) {
            if (l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE) {
                x.append("<i4>").append(l).append("</i4>");
            } else {
                x.append("<double>").append((double) l).append("</double>");
            }
        } else if (v instanceof Number n) {
            x.append("<double>").append(n.doubleValue()).append("</double>");
        } else if (v instanceof byte[] bytes) {
            x.append("<base64>").append(Base64.getEncoder().encodeToString(bytes)).append("</base64>");
        } else if (v instanceof List<?> list) {
            x.append("<array><data>");
            for (Object e : list) {
                value(e, x);
            }
            x.append("</data></array>");
        } else if (v instanceof Object[] array) {
            value(List.of(array), x);
        } else if (v instanceof Map<?, ?> map) {
            x.append("<struct>");
            for (Map.Entry<?, ?> e : map.entrySet()) {
                x.append("<member><name>");
                escape(String.valueOf(e.getKey()), x);
                x.append("</name>");
                value(e.getValue(), x);
                x.append("</member>");
            }
            x.append("</struct>");
        } else {
            x.append("<string>");
            escape(v.toString(), x);
            x.append("</string>");
        }
        x.append("</value>");
    }

    private static void escape(String s, StringBuilder x) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> x.append("&lt;");
                case '>' -> x.append("&gt;");
                case '&' -> x.append("&amp;");
                default -> x.append(c);
            }
        }
    }

    // ---- reading

    public static Call parseCall(String xml) {
        Element root = new Reader(xml).document();
        if (!root.name.equals("methodCall")) {
            throw new IllegalArgumentException("not an XML-RPC call: <" + root.name + ">");
        }
        String method = root.child("methodName").text().strip();
        List<Object> params = new ArrayList<>();
        Element ps = root.optionalChild("params");
        if (ps != null) {
            for (Element p : ps.children) {
                params.add(decode(p.child("value")));
            }
        }
        return new Call(method, params);
    }

    /** The response's value; throws the fault it answers instead. */
    public static Object parseResponse(String xml) throws Fault {
        Element root = new Reader(xml).document();
        if (!root.name.equals("methodResponse")) {
            throw new IllegalArgumentException("not an XML-RPC response: <" + root.name + ">");
        }
        Element fault = root.optionalChild("fault");
        if (fault != null) {
            Object f = decode(fault.child("value"));
            int code = 0;
            String message = String.valueOf(f);
            if (f instanceof Map<?, ?> m) {
                code = m.get("faultCode") instanceof Number n ? n.intValue() : 0;
                message = String.valueOf(m.get("faultString"));
            }
            throw new Fault(code, message);
        }
        return decode(root.child("params").child("param").child("value"));
    }

    private static Object decode(Element value) {
        if (value.children.isEmpty()) {
            return value.text();
        }
        Element typed = value.children.get(0);
        String t = typed.text();
        return switch (typed.name) {
            case "i4", "int" -> Integer.parseInt(t.strip());
            case "i8" -> Long.parseLong(t.strip());
            case "boolean" -> t.strip().equals("1") || t.strip().equalsIgnoreCase("true");
            case "string", "dateTime.iso8601" -> t;
            case "double" -> Double.parseDouble(t.strip());
            case "base64" -> Base64.getMimeDecoder().decode(t.strip());
            case "nil" -> null;
            case "array" -> {
                List<Object> list = new ArrayList<>();
                Element data = typed.optionalChild("data");
                if (data != null) {
                    for (Element v : data.children) {
                        list.add(decode(v));
                    }
                }
                yield list;
            }
            case "struct" -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (Element member : typed.children) {
                    map.put(member.child("name").text(), decode(member.child("value")));
                }
                yield map;
            }
            default -> throw new IllegalArgumentException("an XML-RPC value of unknown type <" + typed.name + ">");
        };
    }

    /** An element: its name, child elements and text. */
    static final class Element {
        final String name;
        final List<Element> children = new ArrayList<>();
        final StringBuilder text = new StringBuilder();

        Element(String name) {
            this.name = name;
        }

        String text() {
            return text.toString();
        }

        Element optionalChild(String childName) {
            for (Element c : children) {
                if (c.name.equals(childName)) {
                    return c;
                }
            }
            return null;
        }

        Element child(String childName) {
            Element c = optionalChild(childName);
            if (c == null) {
                throw new IllegalArgumentException("XML-RPC: <" + name + "> has no <" + childName + ">");
            }
            return c;
        }
    }

    /** Reads the elements and text of a document: no attributes kept, no namespaces, no DTD. */
    static final class Reader {
        private final String s;
        private int i;

        Reader(String s) {
            this.s = s;
        }

        Element document() {
            while (true) {
                skipWhitespace();
                if (s.startsWith("<?", i)) {
                    skipPast("?>");
                } else if (s.startsWith("<!--", i)) {
                    skipPast("-->");
                } else if (s.startsWith("<!", i)) {
                    skipPast(">");
                } else if (s.startsWith("<", i)) {
                    return element();
                } else {
                    throw error("no root element");
                }
            }
        }

        private Element element() {
            i++; // '<'
            int start = i;
            while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && s.charAt(i) != '>'
                    && s.charAt(i) != '/') {
                i++;
            }
            Element e = new Element(s.substring(start, i));
            int close = s.indexOf('>', i);
            if (close < 0) {
                throw error("unclosed tag <" + e.name);
            }
            boolean empty = s.charAt(close - 1) == '/';
            i = close + 1;
            if (empty) {
                return e;
            }
            while (true) {
                if (i >= s.length()) {
                    throw error("unclosed <" + e.name + ">");
                }
                char c = s.charAt(i);
                if (c != '<') {
                    int next = s.indexOf('<', i);
                    if (next < 0) {
                        throw error("unclosed <" + e.name + ">");
                    }
                    unescape(s, i, next, e.text);
                    i = next;
                } else if (s.startsWith("</", i)) {
                    int end = s.indexOf('>', i);
                    String name = s.substring(i + 2, end).strip();
                    if (!name.equals(e.name)) {
                        throw error("</" + name + "> closes <" + e.name + ">");
                    }
                    i = end + 1;
                    return e;
                } else if (s.startsWith("<![CDATA[", i)) {
                    int end = s.indexOf("]]>", i);
                    if (end < 0) {
                        throw error("unclosed CDATA");
                    }
                    e.text.append(s, i + 9, end);
                    i = end + 3;
                } else if (s.startsWith("<!--", i)) {
                    skipPast("-->");
                } else if (s.startsWith("<?", i)) {
                    skipPast("?>");
                } else {
                    e.children.add(element());
                }
            }
        }

        private static void unescape(String s, int from, int to, StringBuilder into) {
            for (int k = from; k < to; k++) {
                char c = s.charAt(k);
                if (c != '&') {
                    into.append(c);
                    continue;
                }
                int semi = s.indexOf(';', k);
                if (semi < 0 || semi > to) {
                    into.append(c);
                    continue;
                }
                String entity = s.substring(k + 1, semi);
                switch (entity) {
                    case "lt" -> into.append('<');
                    case "gt" -> into.append('>');
                    case "amp" -> into.append('&');
                    case "quot" -> into.append('"');
                    case "apos" -> into.append('\'');
                    default -> {
                        if (entity.startsWith("#x") || entity.startsWith("#X")) {
                            into.appendCodePoint(Integer.parseInt(entity.substring(2), 16));
                        } else if (entity.startsWith("#")) {
                            into.appendCodePoint(Integer.parseInt(entity.substring(1)));
                        } else {
                            into.append('&').append(entity).append(';');
                        }
                    }
                }
                k = semi;
            }
        }

        private void skipWhitespace() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private void skipPast(String end) {
            int k = s.indexOf(end, i);
            if (k < 0) {
                throw error("no " + end);
            }
            i = k + end.length();
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("malformed XML-RPC at " + i + ": " + what);
        }
    }
}
