package org.embodia.rapp.store.api;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Reads the store's speech recognition answers: {@code POST /speech}'s, an object whose "sentence" is the text heard,
 * "words" its words and "confidence" theirs, one number in [0, 1] for each word; {@code GET /speech/words}'s, the
 * words it cannot pronounce. Other fields skipped.
 */
final class SentenceJson {
    /** What the answer says: the sentence, and its words with their confidence (null if it gave none). */
    record Answer(String sentence, List<SpokenWord> words) {
    }

    private SentenceJson() {
    }

    static Answer parse(JsonFactory factory, URI uri, byte[] json) throws StoreException {
        try (JsonParser parser = factory.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw malformed(uri, "expected a JSON object");
            }
            String sentence = null;
            List<String> words = null;
            List<Double> confidence = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("sentence")) {
                    if (value != JsonToken.VALUE_STRING) {
                        throw malformed(uri, "\"sentence\" is not a string");
                    }
                    sentence = parser.getText();
                } else if (field.equals("words")) {
                    words = new ArrayList<>();
                    for (JsonToken t = array(parser, uri, value, "words"); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                        if (t != JsonToken.VALUE_STRING) {
                            throw malformed(uri, "\"words\" holds a " + t + ", not a string");
                        }
                        words.add(parser.getText());
                    }
                } else if (field.equals("confidence")) {
                    confidence = new ArrayList<>();
                    for (JsonToken t = array(parser, uri, value, "confidence"); t != JsonToken.END_ARRAY;
                            t = parser.nextToken()) {
                        double c = t.isNumeric() ? parser.getDoubleValue() : Double.NaN;
                        if (!(c >= 0 && c <= 1)) {
                            throw malformed(uri, "\"confidence\" holds " + parser.getText() + ", not a number in [0, 1]");
                        }
                        confidence.add(c);
                    }
                } else {
                    parser.skipChildren();
                }
            }
            if (sentence == null) {
                throw malformed(uri, "no \"sentence\"");
            }
            if (words == null || confidence == null) {
                return new Answer(sentence, null);
            }
            if (words.size() != confidence.size()) {
                throw malformed(uri, words.size() + " words but " + confidence.size() + " confidences");
            }
            List<SpokenWord> spoken = new ArrayList<>();
            for (int i = 0; i < words.size(); i++) {
                spoken.add(new SpokenWord(words.get(i), confidence.get(i)));
            }
            return new Answer(sentence, List.copyOf(spoken));
        } catch (JsonProcessingException e) {
            throw new StoreException(uri, "malformed speech recognition answer from " + uri + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new StoreException(uri, "cannot read the speech recognition answer from " + uri + ": " + e, e);
        }
    }

    /** Reads the store's {@code GET /speech/words} answer: an object whose "unknown" lists words; other fields skipped. */
    static List<String> unknown(JsonFactory factory, URI uri, byte[] json) throws StoreException {
        try (JsonParser parser = factory.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw malformed(uri, "expected a JSON object");
            }
            List<String> unknown = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("unknown")) {
                    unknown = new ArrayList<>();
                    for (JsonToken t = array(parser, uri, value, "unknown"); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                        if (t != JsonToken.VALUE_STRING) {
                            throw malformed(uri, "\"unknown\" holds a " + t + ", not a string");
                        }
                        unknown.add(parser.getText());
                    }
                } else {
                    parser.skipChildren();
                }
            }
            if (unknown == null) {
                throw malformed(uri, "no \"unknown\"");
            }
            return List.copyOf(unknown);
        } catch (JsonProcessingException e) {
            throw new StoreException(uri, "malformed speech recognition answer from " + uri + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new StoreException(uri, "cannot read the speech recognition answer from " + uri + ": " + e, e);
        }
    }

    /** The first token inside the array that {@code value} opens. */
    private static JsonToken array(JsonParser parser, URI uri, JsonToken value, String field) throws IOException,
            StoreException {
        if (value != JsonToken.START_ARRAY) {
            throw malformed(uri, "\"" + field + "\" is not an array");
        }
        return parser.nextToken();
    }

    private static StoreException malformed(URI uri, String why) {
        return new StoreException(uri, "malformed speech recognition answer from " + uri + ": " + why);
    }
}
