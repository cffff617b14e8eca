package org.embodia.fsm.engine.internal;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.embodia.api.fsm.SourceLocation;
import org.embodia.fsm.engine.Problem;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/** What the definition readers share: YAML composed with its marks, and every problem collected with its place. */
abstract class YamlReader {
    protected final String file;
    protected final List<Problem> problems = new ArrayList<>();

    YamlReader(String file) {
        this.file = file;
    }

    /** The problems found by the last read; a definition is valid only when this is empty. */
    public List<Problem> problems() {
        return problems;
    }

    /** The document's top mapping, or null with a problem recorded. */
    protected MappingNode compose(String text, String whatItIs) {
        Node root;
        try {
            root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String what = e.getProblem() != null ? e.getProblem() : e.getMessage();
            problems.add(new Problem(at(mark), "YAML syntax error: " + what));
            return null;
        } catch (YAMLException e) {
            problems.add(new Problem(new SourceLocation(file, 1, 1), "YAML error: " + e.getMessage()));
            return null;
        }
        if (!(root instanceof MappingNode top)) {
            problems.add(new Problem(root == null ? new SourceLocation(file, 1, 1) : at(root), whatItIs));
            return null;
        }
        return top;
    }

    protected Map<String, NodeTuple> entries(MappingNode node, Set<String> allowed, String what) {
        Map<String, NodeTuple> out = new LinkedHashMap<>();
        for (NodeTuple t : node.getValue()) {
            String key = keyName(t, "key");
            if (key == null) {
                continue;
            }
            if (!allowed.contains(key)) {
                problems.add(new Problem(at(t.getKeyNode()), "unknown key '" + key + "' in " + what + " (expected one of "
                        + String.join(", ", new TreeSet<>(allowed)) + ")"));
            } else if (out.putIfAbsent(key, t) != null) {
                problems.add(new Problem(at(t.getKeyNode()), "key '" + key + "' appears twice in " + what));
            }
        }
        return out;
    }

    protected String keyName(NodeTuple t, String what) {
        return scalar(t.getKeyNode(), what);
    }

    protected String requiredScalar(Map<String, NodeTuple> keys, String key, Node parent, String meaning) {
        NodeTuple t = keys.get(key);
        if (t == null) {
            problems.add(new Problem(at(parent), "missing '" + key + "': " + meaning));
            return null;
        }
        return scalar(t.getValueNode(), key);
    }

    protected String optionalScalar(Map<String, NodeTuple> keys, String key) {
        NodeTuple t = keys.get(key);
        return t == null ? null : scalar(t.getValueNode(), key);
    }

    protected String scalar(Node node, String what) {
        if (node instanceof ScalarNode s) {
            return s.getValue().trim();
        }
        problems.add(new Problem(at(node), what + " must be a single value, not a " + (node instanceof MappingNode ? "mapping" : "list")));
        return null;
    }

    protected Integer integer(Node node, String what) {
        String text = scalar(node, what);
        if (text == null) {
            return null;
        }
        try {
            return Integer.valueOf(text);
        } catch (NumberFormatException e) {
            problems.add(new Problem(at(node), what + " must be an integer, not '" + text + "'"));
            return null;
        }
    }

    protected SourceLocation at(Node node) {
        return at(node.getStartMark());
    }

    protected SourceLocation at(Mark mark) {
        return mark == null ? new SourceLocation(file, 1, 1) : new SourceLocation(file, mark.getLine() + 1, mark.getColumn() + 1);
    }

    /** The location of a column inside a scalar; exact for a scalar on one line. */
    protected SourceLocation atColumn(ScalarNode node, int column) {
        Mark start = node.getStartMark();
        if (start.getLine() != node.getEndMark().getLine()) {
            return at(start);
        }
        int quote = node.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN ? 0 : 1;
        int lead = node.getValue().length() - node.getValue().stripLeading().length();
        return new SourceLocation(file, start.getLine() + 1, start.getColumn() + 1 + quote + lead + Math.max(column, 0));
    }
}
