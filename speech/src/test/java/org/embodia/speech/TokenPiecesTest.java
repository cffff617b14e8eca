package org.embodia.speech;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** llama-tokenizer-js's vocabulary as Moonshine's decoder writes in it. */
class TokenPiecesTest {

    private static TokenPieces pieces() throws IOException {
        try (InputStream in = MoonshineRecognizer.class.getResourceAsStream("moonshine/llama-tokenizer.js")) {
            return TokenPieces.read(in);
        }
    }

    @Test
    void aTextIsSpelledInPiecesAndReadBack() throws IOException {
        TokenPieces pieces = pieces();
        List<Integer> hello = pieces.encode(" Hello.");
        assertEquals(2, hello.size(), "' Hello.' is two of LLaMA's pieces: " + hello);
        assertTrue(pieces.startsWord(hello.get(0)));
        assertFalse(pieces.startsWord(hello.get(1)), "the full stop does not start a word");
        for (String text : List.of(" Hello.", " Please take a photo of me.", " let's go", " x-ray rtquiet",
                " \u00e9t\u00e9 \u4e2d\u6587 \uD83E\uDD16")) {
            assertEquals(text, pieces.text(pieces.encode(text)), "round trip of '" + text + "'");
        }
    }

    @Test
    void aCharacterWithNoPieceIsSpelledInItsUtf8Bytes() throws IOException {
        TokenPieces pieces = pieces();
        String robot = "\uD83E\uDD16";
        List<Integer> tokens = pieces.encode(robot);
        assertEquals(robot.getBytes(StandardCharsets.UTF_8).length, tokens.size(), "one token a byte: " + tokens);
    }

    @Test
    void idsOutsideTheVocabularyAddNothing() throws IOException {
        TokenPieces pieces = pieces();
        List<Integer> hello = pieces.encode(" Hello");
        assertEquals(" Hello", pieces.text(List.of(hello.get(0), 32_500, -1)));
    }

    @Test
    void aFileWithoutTheVocabularyIsRefused() {
        IOException e = assertThrows(IOException.class, () -> TokenPieces.read(
                new ByteArrayInputStream("const x = 1;".getBytes(StandardCharsets.UTF_8))));
        assertTrue(e.getMessage().contains("llama_vocab_base64"), e.getMessage());
    }
}
