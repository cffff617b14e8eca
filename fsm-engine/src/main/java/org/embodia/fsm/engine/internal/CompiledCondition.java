package org.embodia.fsm.engine.internal;

import java.util.Map;

import org.embodia.api.fsm.Condition;

/** A condition compiled against predicate indexes, evaluated over a value array without allocating. */
public abstract class CompiledCondition {

    public abstract boolean eval(boolean[] values);

    /** Compiles {@code condition}; every name it reads must be in {@code indexes}. */
    public static CompiledCondition compile(Condition condition, Map<String, Integer> indexes) {
        if (condition instanceof Condition.Constant k) {
            return k.value() ? TRUE : FALSE;
        }
        if (condition instanceof Condition.Ref r) {
            Integer index = indexes.get(r.name());
            if (index == null) {
                throw new IllegalArgumentException("no value for predicate '" + r.name() + "'");
            }
            return new Ref(index);
        }
        if (condition instanceof Condition.Not n) {
            return new Not(compile(n.operand(), indexes));
        }
        if (condition instanceof Condition.And a) {
            return new And(a.operands().stream().map(c -> compile(c, indexes)).toArray(CompiledCondition[]::new));
        }
        Condition.Or o = (Condition.Or) condition;
        return new Or(o.operands().stream().map(c -> compile(c, indexes)).toArray(CompiledCondition[]::new));
    }

    private static final CompiledCondition TRUE = new CompiledCondition() {
        @Override
        public boolean eval(boolean[] values) {
            return true;
        }
    };

    private static final CompiledCondition FALSE = new CompiledCondition() {
        @Override
        public boolean eval(boolean[] values) {
            return false;
        }
    };

    private static final class Ref extends CompiledCondition {
        private final int index;

        Ref(int index) {
            this.index = index;
        }

        @Override
        public boolean eval(boolean[] values) {
            return values[index];
        }
    }

    private static final class Not extends CompiledCondition {
        private final CompiledCondition operand;

        Not(CompiledCondition operand) {
            this.operand = operand;
        }

        @Override
        public boolean eval(boolean[] values) {
            return !operand.eval(values);
        }
    }

    private static final class And extends CompiledCondition {
        private final CompiledCondition[] operands;

        And(CompiledCondition[] operands) {
            this.operands = operands;
        }

        @Override
        public boolean eval(boolean[] values) {
            for (CompiledCondition c : operands) {
                if (!c.eval(values)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class Or extends CompiledCondition {
        private final CompiledCondition[] operands;

        Or(CompiledCondition[] operands) {
            this.operands = operands;
        }

        @Override
        public boolean eval(boolean[] values) {
            for (CompiledCondition c : operands) {
                if (c.eval(values)) {
                    return true;
                }
            }
            return false;
        }
    }
}
