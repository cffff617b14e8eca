package org.embodia.api.buffer;

/** What a subsystem declares of one of its buffers, so that buffers can be wired by name and type. */
public record BufferSpec(String name, Direction direction, Class<? extends Message<?>> type) {
    public BufferSpec {
        if (name == null || name.isBlank() || direction == null || type == null) {
            throw new IllegalArgumentException("a buffer needs a name, a direction and a message type");
        }
    }
}
