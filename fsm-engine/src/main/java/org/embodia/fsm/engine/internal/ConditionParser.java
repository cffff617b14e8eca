package org.embodia.fsm.engine.internal;

import java.util.ArrayList;
import java.util.List;

import org.embodia.api.fsm.Condition;

/**
 * Parses the condition syntax of definition files: predicate names, TRUE, FALSE, and, or, not and
 * parentheses. The specifications' symbols ∧, ∨, ¬ and C's &&, ||, ! are accepted as well.
 * Precedence: not binds tightest, then and, then or.
 */
public final class ConditionParser {

    /** A syntax error at a column of the condition text (0-based). */
    public static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;
        private final int column;

        SyntaxError(int column, String message) {
            super(message);
            this.column = column;
        }

        public int column() {
            return column;
        }
    }

    private enum Kind { NAME, AND, OR, NOT, LPAREN, RPAREN, END }

    private record Token(Kind kind, String text, int column) {
        String describe() {
            return kind == Kind.END ? "the end of the condition" : "'" + text + "'";
        }
    }

    private final List<Token> tokens;
    private int position;

    private ConditionParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    public static Condition parse(String text) throws SyntaxError {
        ConditionParser parser = new ConditionParser(tokenize(text));
        Condition result = parser.or();
        Token rest = parser.peek();
        if (rest.kind() != Kind.END) {
            throw new SyntaxError(rest.column(), "unexpected " + rest.describe() + " after a complete condition");
        }
        return result;
    }

    private static List<Token> tokenize(String text) throws SyntaxError {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '(' || c == ')') {
                out.add(new Token(c == '(' ? Kind.LPAREN : Kind.RPAREN, String.valueOf(c), i));
                i++;
            } else if (c == '∧' || c == '∨' || c == '¬' || c == '!') {
                out.add(new Token(c == '∧' ? Kind.AND : c == '∨' ? Kind.OR : Kind.NOT, String.valueOf(c), i));
                i++;
            } else if ((c == '&' || c == '|') && i + 1 < text.length() && text.charAt(i + 1) == c) {
                out.add(new Token(c == '&' ? Kind.AND : Kind.OR, text.substring(i, i + 2), i));
                i += 2;
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                String word = text.substring(start, i);
                Kind kind = switch (word) {
                    case "and" -> Kind.AND;
                    case "or" -> Kind.OR;
                    case "not" -> Kind.NOT;
                    default -> Kind.NAME;
                };
                out.add(new Token(kind, word, start));
            } else {
                throw new SyntaxError(i, "unexpected character '" + c + "'");
            }
        }
        out.add(new Token(Kind.END, "", text.length()));
        return out;
    }

    private Token peek() {
        return tokens.get(position);
    }

    private Token next() {
        return tokens.get(position++);
    }

    private Condition or() throws SyntaxError {
        List<Condition> operands = new ArrayList<>();
        operands.add(and());
        while (peek().kind() == Kind.OR) {
            next();
            operands.add(and());
        }
        return operands.size() == 1 ? operands.get(0) : new Condition.Or(operands);
    }

    private Condition and() throws SyntaxError {
        List<Condition> operands = new ArrayList<>();
        operands.add(unary());
        while (peek().kind() == Kind.AND) {
            next();
            operands.add(unary());
        }
        return operands.size() == 1 ? operands.get(0) : new Condition.And(operands);
    }

    private Condition unary() throws SyntaxError {
        Token t = next();
        switch (t.kind()) {
            case NOT:
                return new Condition.Not(unary());
            case LPAREN: {
                Condition inner = or();
                Token close = next();
                if (close.kind() != Kind.RPAREN) {
                    throw new SyntaxError(close.column(), "expected ')' to close the '(' at column " + (t.column() + 1)
                            + ", found " + close.describe());
                }
                return inner;
            }
            case NAME:
                return switch (t.text()) {
                    case "TRUE", "true" -> Condition.Constant.TRUE;
                    case "FALSE", "false" -> Condition.Constant.FALSE;
                    default -> new Condition.Ref(t.text());
                };
            default:
                throw new SyntaxError(t.column(), "expected a predicate, TRUE, FALSE, 'not' or '(', found " + t.describe());
        }
    }
}
