package io.equitoken.webhooks.catalogue;

import java.util.List;
import java.util.Objects;

/**
 * One event type partners can subscribe to. {@code name} is what a subscription lists and what a
 * delivery's {@code type} says (e.g. {@code trade.executed}); {@code sourceType} is the CloudEvents
 * type it is made from. A private type names the {@code ownerFields} whose values are the
 * principals entitled to it; {@code droppedFields} never leave the platform (they are not readable
 * through the public API).
 */
public record EventType(
    String name,
    String sourceType,
    String contractPath,
    String description,
    List<String> ownerFields,
    List<String> droppedFields) {

  public EventType {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(sourceType, "sourceType");
    ownerFields = List.copyOf(ownerFields);
    droppedFields = List.copyOf(droppedFields);
  }

  public boolean isPrivate() {
    return !ownerFields.isEmpty();
  }

  public String visibility() {
    return isPrivate() ? "private" : "public";
  }
}
