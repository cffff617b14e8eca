package org.embodia.rapp.store.api;

import java.io.IOException;
import java.net.URI;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/** Reads the store's {@code POST /speech} answer: an object whose "sentence" is the text heard; other fields skipped. */
final class SentenceJson {
    private SentenceJson() {
    }

    static String parse(JsonFactory factory, URI uri, byte[] json) throws StoreException {
        try (JsonParser parser = factory.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw malformed(uri, "expected a JSON object");
            }
            String sentence = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("sentence")) {
                    if (value != JsonToken.VALUE_STRING) {
                        throw malformed(uri, "\"sentence\" is not a string");
                    }
                    sentence = parser.getText();
                } else {
                    parser.skipChildren();
                }
            }
            if (sentence == null) {
                throw malformed(uri, "no \"sentence\"");
            }
            return sentence;
        } catch (JsonProcessingException e) {
            throw new StoreException(uri, "malformed speech recognition answer from " + uri + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new StoreException(uri, "cannot read the speech recognition answer from " + uri + ": " + e, e);
        }
    }

    private static StoreException malformed(URI uri, String why) {
        return new StoreException(uri, "malformed speech recognition answer from " + uri + ": " + why);
    }
}
