package org.embodia.speech;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SentencePiece vocabulary Moonshine's decoder writes in: LLaMA's 32,000 pieces, as llama-tokenizer-js publishes
 * them (its file holds them base64-encoded, one piece a line, in id order). "▁" stands for a space; "&lt;0xHH&gt;" is
 * one byte of UTF-8.
 */
final class TokenPieces {
    static final char SPACE = '\u2581';
    private static final String VOCABULARY = "llama_vocab_base64 = \"";
    private static final int FIRST_BYTE = 3;

    private final List<String> pieces;
    private final Map<String, Integer> ids = new HashMap<>();
    private final int longest;

    private TokenPieces(List<String> pieces) {
        this.pieces = pieces;
        int max = 0;
        for (int id = 0; id < pieces.size(); id++) {
            ids.putIfAbsent(pieces.get(id), id);
            max = Math.max(max, pieces.get(id).length());
        }
        longest = max;
    }

    /** Reads the vocabulary from llama-tokenizer-js's file. */
    static TokenPieces read(InputStream tokenizerJs) throws IOException {
        String js = new String(tokenizerJs.readAllBytes(), StandardCharsets.UTF_8);
        int start = js.indexOf(VOCABULARY);
        int end = start < 0 ? -1 : js.indexOf('"', start + VOCABULARY.length());
        if (end < 0) {
            throw new IOException("llama-tokenizer.js holds no " + VOCABULARY.strip());
        }
        String text = new String(Base64.getDecoder().decode(js.substring(start + VOCABULARY.length(), end)),
                StandardCharsets.UTF_8);
        return new TokenPieces(List.of(text.split("\n", -1)));
    }

    /** The text of a run of token ids (ids past the vocabulary, which the model never writes in speech, add nothing). */
    String text(List<Integer> tokens) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int id : tokens) {
            byte[] piece = piece(id);
            bytes.write(piece, 0, piece.length);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private byte[] piece(int id) {
        if (id < 0 || id >= pieces.size()) {
            return new byte[0];
        }
        String piece = pieces.get(id);
        if (piece.length() == 6 && piece.startsWith("<0x") && piece.endsWith(">")) {
            return new byte[] {(byte) Integer.parseInt(piece.substring(3, 5), 16)};
        }
        if (piece.startsWith("<") && piece.endsWith(">")) {
            return new byte[0];
        }
        return piece.replace(SPACE, ' ').getBytes(StandardCharsets.UTF_8);
    }

    /** Whether the token begins a word: its piece starts with a space. */
    boolean startsWord(int id) {
        return id >= 0 && id < pieces.size() && !pieces.get(id).isEmpty() && pieces.get(id).charAt(0) == SPACE;
    }

    /**
     * Token ids spelling the text (spaces as "▁"), longest pieces first, bytes where no piece fits. Any spelling of
     * the text is one the decoder can be asked to score; the longest pieces are those it writes for common words.
     */
    List<Integer> encode(String text) {
        String s = text.replace(' ', SPACE);
        List<Integer> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            int matched = 0;
            for (int j = Math.min(s.length(), i + longest); j > i; j--) {
                Integer id = ids.get(s.substring(i, j));
                if (id != null) {
                    out.add(id);
                    matched = j - i;
                    break;
                }
            }
            if (matched == 0) {
                int codePoint = s.codePointAt(i);
                matched = Character.charCount(codePoint);
                for (byte b : s.substring(i, i + matched).getBytes(StandardCharsets.UTF_8)) {
                    out.add(FIRST_BYTE + (b & 0xff));
                }
            }
            i += matched;
        }
        return out;
    }
}
