package org.embodia.api.fsm;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A boolean expression over predicate names: the terminal, error and initial conditions of a
 * definition. {@link #toString()} writes it back in the definition file syntax.
 */
public sealed interface Condition {

    /** Evaluates with the given predicate values. Convenience for tools; the engine compiles conditions instead. */
    boolean evaluate(Predicate<String> values);

    /** The predicate names this condition reads. */
    default Set<String> names() {
        Set<String> names = new TreeSet<>();
        collectNames(this, names);
        return names;
    }

    private static void collectNames(Condition c, Set<String> into) {
        if (c instanceof Ref r) {
            into.add(r.name());
        } else if (c instanceof Not n) {
            collectNames(n.operand(), into);
        } else if (c instanceof And a) {
            a.operands().forEach(o -> collectNames(o, into));
        } else if (c instanceof Or o) {
            o.operands().forEach(x -> collectNames(x, into));
        }
    }

    /** TRUE or FALSE. */
    record Constant(boolean value) implements Condition {
        public static final Constant TRUE = new Constant(true);
        public static final Constant FALSE = new Constant(false);

        @Override
        public boolean evaluate(Predicate<String> values) {
            return value;
        }

        @Override
        public String toString() {
            return value ? "TRUE" : "FALSE";
        }
    }

    /** A predicate by name. */
    record Ref(String name) implements Condition {
        @Override
        public boolean evaluate(Predicate<String> values) {
            return values.test(name);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    record Not(Condition operand) implements Condition {
        @Override
        public boolean evaluate(Predicate<String> values) {
            return !operand.evaluate(values);
        }

        @Override
        public String toString() {
            return "not " + (operand instanceof And || operand instanceof Or ? "(" + operand + ")" : operand.toString());
        }
    }

    record And(List<Condition> operands) implements Condition {
        public And {
            operands = List.copyOf(operands);
        }

        @Override
        public boolean evaluate(Predicate<String> values) {
            for (Condition c : operands) {
                if (!c.evaluate(values)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return operands.stream().map(c -> c instanceof Or ? "(" + c + ")" : c.toString())
                    .collect(Collectors.joining(" and "));
        }
    }

    record Or(List<Condition> operands) implements Condition {
        public Or {
            operands = List.copyOf(operands);
        }

        @Override
        public boolean evaluate(Predicate<String> values) {
            for (Condition c : operands) {
                if (c.evaluate(values)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return operands.stream().map(Condition::toString).collect(Collectors.joining(" or "));
        }
    }
}
