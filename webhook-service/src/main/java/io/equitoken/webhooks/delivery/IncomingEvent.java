package io.equitoken.webhooks.delivery;

import java.time.Instant;
import tools.jackson.databind.JsonNode;

/** A platform event as fan-out needs it: its id, CloudEvents type, time and data. */
public record IncomingEvent(String id, String sourceType, Instant time, JsonNode data) {}
