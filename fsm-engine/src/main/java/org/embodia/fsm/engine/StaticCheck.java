package org.embodia.fsm.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.embodia.api.behavior.Predicates;
import org.embodia.api.fsm.Condition;
import org.embodia.api.fsm.DerivedPredicate;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.api.fsm.TransitionDefinition;

/**
 * The static determinism check of a definition. For every state it enumerates the assignments of
 * the predicates its conditions read (restricted by the definition's assumptions) and finds those
 * under which the state ends (ε or τ holds) and either no initial condition holds or several do.
 * Each finding is summarised as a minimal condition over those predicates.
 *
 * <p>As in the executor, IN_ERROR is ε as written: CURRENT_BEHAVIOR_OK (false after a behaviour threw)
 * is enumerated like any predicate where a condition reads it, and ends a state only through such a
 * condition. Derived predicates are enumerated like inputs: the check does not follow the FSM's history.
 */
public final class StaticCheck {
    /** States whose conditions read more predicates than this are not enumerated. */
    public static final int MAX_PREDICATES = 20;

    public enum Kind {
        /** The state ends and no initial condition holds. */
        NONE_HOLDS,
        /** The state ends and several initial conditions hold. */
        SEVERAL_HOLD
    }

    /** A set of assignments under which a state ends without a unique next state. */
    public record Finding(String state, Kind kind, Condition when, boolean inError, List<String> holding) {
        public Finding {
            holding = List.copyOf(holding);
        }

        @Override
        public String toString() {
            String ending = inError ? "ends by its error condition" : "ends by its terminal condition";
            return kind == Kind.NONE_HOLDS
                    ? state + ": " + ending + " and no initial condition holds when " + when
                    : state + ": " + ending + " and the initial conditions to " + String.join(" and ", holding)
                            + " hold together when " + when;
        }
    }

    /** The outcome: findings per state, and notes on what was not enumerated. */
    public record Report(FsmDefinition definition, List<Finding> findings, List<String> notes) {
        public Report {
            findings = List.copyOf(findings);
            notes = List.copyOf(notes);
        }

        public boolean clean() {
            return findings.isEmpty();
        }

        /** The report as the check command prints it: a summary, notes, then one line per state or finding. */
        public String format() {
            StringBuilder out = new StringBuilder();
            int transitions = definition.states().stream().mapToInt(s -> s.transitions().size()).sum();
            out.append(definition.name()).append(" (").append(definition.source()).append("): ")
                    .append(definition.states().size()).append(" states, ").append(transitions).append(" transitions, ")
                    .append(definition.inputs().size()).append(" input predicates, ")
                    .append(definition.assumptions().size()).append(" assumptions\n");
            notes.forEach(n -> out.append("note: ").append(n).append('\n'));
            for (StateDefinition state : definition.states()) {
                List<Finding> mine = findings.stream().filter(f -> f.state().equals(state.name())).toList();
                if (mine.isEmpty()) {
                    out.append("ok      ").append(state.name()).append(": whenever it ends, exactly one initial condition holds\n");
                }
                mine.forEach(f -> out.append(f.kind() == Kind.NONE_HOLDS ? "NONE    " : "SEVERAL ").append(f).append('\n'));
            }
            out.append(clean() ? "deterministic" : findings.size() + " finding(s)").append('\n');
            return out.toString();
        }
    }

    private StaticCheck() {
    }

    public static Report check(FsmDefinition definition) {
        List<Finding> findings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (DerivedPredicate d : definition.derived()) {
            notes.add("derived predicate " + d.name() + " is taken as free (either value in any state)");
        }
        for (StateDefinition state : definition.states()) {
            List<String> vars = variables(state, definition);
            if (vars.size() > MAX_PREDICATES) {
                notes.add("state " + state.name() + " reads " + vars.size() + " predicates, more than " + MAX_PREDICATES
                        + ": not enumerated");
                continue;
            }
            findings.addAll(checkState(state, vars, definition.assumptions()));
        }
        return new Report(definition, findings, notes);
    }

    /** The predicates to enumerate for a state, in declaration order so that findings read like the definition. */
    private static List<String> variables(StateDefinition state, FsmDefinition definition) {
        List<Condition> assumptions = definition.assumptions();
        Set<String> vars = new LinkedHashSet<>();
        vars.addAll(state.errorCondition().names());
        vars.addAll(state.terminalCondition().names());
        state.transitions().forEach(t -> vars.addAll(t.initialCondition().names()));
        vars.remove(Predicates.IN_ERROR);
        // Assumptions that share a predicate with the state constrain its assignments, and may pull in others.
        boolean grown = true;
        while (grown) {
            grown = false;
            for (Condition a : assumptions) {
                Set<String> names = a.names();
                if (!names.stream().allMatch(vars::contains) && names.stream().anyMatch(vars::contains)) {
                    grown |= vars.addAll(names);
                }
            }
        }
        List<String> order = new ArrayList<>();
        order.add(Predicates.CURRENT_BEHAVIOR_OK);
        definition.inputs().forEach(i -> order.add(i.name()));
        definition.derived().forEach(d -> order.add(d.name()));
        List<String> sorted = new ArrayList<>(vars);
        sorted.sort(java.util.Comparator.comparingInt(order::indexOf));
        return sorted;
    }

    private static List<Finding> checkState(StateDefinition state, List<String> vars, List<Condition> assumptions) {
        int n = vars.size();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(vars.get(i), i);
        }
        List<Condition> relevant = assumptions.stream().filter(a -> vars.containsAll(a.names())).toList();
        // key: kind, IN_ERROR and the holding targets; value: the assignments (bit i = value of vars[i])
        Map<List<Object>, List<Long>> groups = new LinkedHashMap<>();
        List<TransitionDefinition> transitions = state.transitions();
        for (long a = 0; a < (1L << n); a++) {
            long assignment = a;
            java.util.function.Predicate<String> values = name -> (assignment >> index.get(name) & 1) != 0;
            if (!relevant.stream().allMatch(c -> c.evaluate(values))) {
                continue;
            }
            boolean inError = state.errorCondition().evaluate(values);
            if (!inError && !state.terminalCondition().evaluate(values)) {
                continue;
            }
            java.util.function.Predicate<String> withInError = name -> name.equals(Predicates.IN_ERROR) ? inError : values.test(name);
            List<String> holding = new ArrayList<>();
            for (TransitionDefinition t : transitions) {
                if (t.initialCondition().evaluate(withInError)) {
                    holding.add(t.target());
                }
            }
            if (holding.size() != 1) {
                Kind kind = holding.isEmpty() ? Kind.NONE_HOLDS : Kind.SEVERAL_HOLD;
                groups.computeIfAbsent(List.of(kind, inError, holding), k -> new ArrayList<>()).add(assignment);
            }
        }
        List<Finding> findings = new ArrayList<>();
        for (Map.Entry<List<Object>, List<Long>> g : groups.entrySet()) {
            Kind kind = (Kind) g.getKey().get(0);
            boolean inError = (Boolean) g.getKey().get(1);
            @SuppressWarnings("unchecked")
            List<String> holding = (List<String>) g.getKey().get(2);
            for (long[] cube : cover(g.getValue(), n)) {
                findings.add(new Finding(state.name(), kind, toCondition(cube, vars), inError, holding));
            }
        }
        return findings;
    }

    /** Prime implicants of the minterms (Quine–McCluskey), then a greedy cover. A cube is {values, fixed-mask}. */
    private static List<long[]> cover(List<Long> minterms, int n) {
        long full = n == 64 ? -1L : (1L << n) - 1;
        Set<List<Long>> currentCubes = new LinkedHashSet<>();
        minterms.forEach(m -> currentCubes.add(List.of(m, full)));
        Set<List<Long>> primes = new LinkedHashSet<>();
        Set<List<Long>> level = currentCubes;
        while (!level.isEmpty()) {
            Set<List<Long>> merged = new HashSet<>();
            Set<List<Long>> next = new LinkedHashSet<>();
            for (List<Long> c : level) {
                long value = c.get(0);
                long mask = c.get(1);
                for (int bit = 0; bit < n; bit++) {
                    long b = 1L << bit;
                    if ((mask & b) == 0) {
                        continue;
                    }
                    List<Long> partner = List.of(value ^ b, mask);
                    if (level.contains(partner)) {
                        merged.add(c);
                        next.add(List.of(value & ~b, mask & ~b));
                    }
                }
            }
            for (List<Long> c : level) {
                if (!merged.contains(c)) {
                    primes.add(c);
                }
            }
            level = next;
        }
        List<long[]> chosen = new ArrayList<>();
        BitSet uncovered = new BitSet();
        uncovered.set(0, minterms.size());
        while (!uncovered.isEmpty()) {
            List<Long> best = null;
            int bestCount = 0;
            for (List<Long> p : primes) {
                int count = 0;
                for (int i = uncovered.nextSetBit(0); i >= 0; i = uncovered.nextSetBit(i + 1)) {
                    if ((minterms.get(i) & p.get(1)) == p.get(0)) {
                        count++;
                    }
                }
                if (count > bestCount) {
                    best = p;
                    bestCount = count;
                }
            }
            long value = best.get(0);
            long mask = best.get(1);
            for (int i = uncovered.nextSetBit(0); i >= 0; i = uncovered.nextSetBit(i + 1)) {
                if ((minterms.get(i) & mask) == value) {
                    uncovered.clear(i);
                }
            }
            chosen.add(new long[] {value, mask});
        }
        return chosen;
    }

    private static Condition toCondition(long[] cube, List<String> vars) {
        List<Condition> literals = new ArrayList<>();
        for (int i = 0; i < vars.size(); i++) {
            if ((cube[1] >> i & 1) != 0) {
                Condition ref = new Condition.Ref(vars.get(i));
                literals.add((cube[0] >> i & 1) != 0 ? ref : new Condition.Not(ref));
            }
        }
        return literals.isEmpty() ? Condition.Constant.TRUE
                : literals.size() == 1 ? literals.get(0) : new Condition.And(literals);
    }
}
