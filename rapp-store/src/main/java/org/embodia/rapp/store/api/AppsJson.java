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
 * Reads the store's {@code GET /apps} answer: a JSON array of objects with the fields of {@link StoreApp}. Fields it
 * does not know are skipped, so a later store may add some.
 */
final class AppsJson {
    private AppsJson() {
    }

    static List<StoreApp> parse(JsonFactory factory, URI uri, byte[] json) throws StoreException {
        try (JsonParser parser = factory.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw malformed(uri, "expected a JSON array of apps");
            }
            List<StoreApp> apps = new ArrayList<>();
            for (JsonToken token; (token = parser.nextToken()) != JsonToken.END_ARRAY;) {
                if (token != JsonToken.START_OBJECT) {
                    throw malformed(uri, "entry " + apps.size() + " is not an object");
                }
                apps.add(app(uri, parser, apps.size()));
            }
            if (parser.nextToken() != null) {
                throw malformed(uri, "content after the array of apps");
            }
            return List.copyOf(apps);
        } catch (JsonProcessingException e) {
            throw new StoreException(uri, "malformed app list from " + uri + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new StoreException(uri, "cannot read the app list from " + uri + ": " + e, e);
        }
    }

    private static StoreApp app(URI uri, JsonParser parser, int index) throws IOException, StoreException {
        String name = null;
        List<String> keywords = null;
        String bsn = null;
        String version = null;
        String sha256 = null;
        long size = -1;
        String url = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "name" -> name = text(uri, parser, value, index, field);
                case "bsn" -> bsn = text(uri, parser, value, index, field);
                case "version" -> version = text(uri, parser, value, index, field);
                case "sha256" -> sha256 = text(uri, parser, value, index, field);
                case "url" -> url = text(uri, parser, value, index, field);
                case "keywords" -> keywords = words(uri, parser, value, index);
                case "size" -> {
                    if (value != JsonToken.VALUE_NUMBER_INT) {
                        throw malformed(uri, "entry " + index + ": size is not an integer");
                    }
                    size = parser.getLongValue();
                }
                default -> parser.skipChildren();
            }
        }
        if (keywords == null) {
            throw malformed(uri, "entry " + index + " has no keywords");
        }
        try {
            return new StoreApp(name, keywords, bsn, version, sha256, size, url);
        } catch (IllegalArgumentException e) {
            throw malformed(uri, "entry " + index + ": " + e.getMessage());
        }
    }

    private static String text(URI uri, JsonParser parser, JsonToken value, int index, String field)
            throws IOException, StoreException {
        if (value != JsonToken.VALUE_STRING) {
            throw malformed(uri, "entry " + index + ": " + field + " is not a string");
        }
        return parser.getText();
    }

    private static List<String> words(URI uri, JsonParser parser, JsonToken value, int index)
            throws IOException, StoreException {
        if (value != JsonToken.START_ARRAY) {
            throw malformed(uri, "entry " + index + ": keywords is not an array");
        }
        List<String> words = new ArrayList<>();
        for (JsonToken token; (token = parser.nextToken()) != JsonToken.END_ARRAY;) {
            if (token != JsonToken.VALUE_STRING) {
                throw malformed(uri, "entry " + index + ": a keyword is not a string");
            }
            words.add(parser.getText());
        }
        return words;
    }

    private static StoreException malformed(URI uri, String what) {
        return new StoreException(uri, "malformed app list from " + uri + ": " + what);
    }
}
