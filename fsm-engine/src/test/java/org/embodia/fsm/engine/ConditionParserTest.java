package org.embodia.fsm.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.embodia.api.fsm.Condition;
import org.embodia.fsm.engine.internal.ConditionParser;
import org.embodia.fsm.engine.internal.ConditionParser.SyntaxError;
import org.junit.jupiter.api.Test;

class ConditionParserTest {

    private static boolean eval(String text, String... trueNames) throws SyntaxError {
        Set<String> t = Set.of(trueNames);
        return ConditionParser.parse(text).evaluate(t::contains);
    }

    @Test
    void notBindsTighterThanAndWhichBindsTighterThanOr() throws SyntaxError {
        // a or b and not c  ==  a or (b and (not c))
        assertTrue(eval("a or b and not c", "a", "c"));
        assertFalse(eval("a or b and not c", "b", "c"));
        assertTrue(eval("a or b and not c", "b"));
        assertFalse(eval("(a or b) and not c", "a", "c"));
        assertFalse(eval("not a and b", "a", "b"));
    }

    @Test
    void acceptsTheSeedsSymbolsAndCsOperators() throws SyntaxError {
        assertEquals(ConditionParser.parse("recvStatus and not allHwOk"), ConditionParser.parse("recvStatus ∧ ¬allHwOk"));
        assertEquals(ConditionParser.parse("a or not b"), ConditionParser.parse("a || !b"));
        assertEquals(ConditionParser.parse("a and b"), ConditionParser.parse("a && b"));
    }

    @Test
    void constantsAndTheirYamlSpellings() throws SyntaxError {
        assertEquals(Condition.Constant.TRUE, ConditionParser.parse("TRUE"));
        assertEquals(Condition.Constant.FALSE, ConditionParser.parse("false"));
        assertEquals(Set.of("IN_ERROR", "x"), ConditionParser.parse("not IN_ERROR and x or TRUE").names());
    }

    @Test
    void printsBackInTheSameSyntax() throws SyntaxError {
        String text = "not IN_ERROR and (recvCartImpCmd or recvJntImpCmd) and not (a and b)";
        Condition c = ConditionParser.parse(text);
        assertEquals(text, c.toString());
        assertEquals(c, ConditionParser.parse(c.toString()));
    }

    @Test
    void syntaxErrorsNameTheColumn() {
        assertEquals(8, assertThrows(SyntaxError.class, () -> ConditionParser.parse("a and b c")).column());
        assertEquals(6, assertThrows(SyntaxError.class, () -> ConditionParser.parse("a and ")).column());
        SyntaxError unclosed = assertThrows(SyntaxError.class, () -> ConditionParser.parse("(a or b"));
        assertEquals(7, unclosed.column());
        assertTrue(unclosed.getMessage().contains("expected ')' to close the '(' at column 1"), unclosed.getMessage());
        assertEquals(2, assertThrows(SyntaxError.class, () -> ConditionParser.parse("a = b")).column());
        assertEquals(0, assertThrows(SyntaxError.class, () -> ConditionParser.parse("")).column());
    }
}
