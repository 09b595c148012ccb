package io.equitoken.compliance.messaging;

/**
 * The topic and event types compliance-service publishes; schemas in contracts/events/compliance/.
 */
public final class ComplianceTopics {

  public static final String EVENTS = "compliance.events.v1";
  public static final String SUBMISSION_RECEIVED = "equitoken.compliance.submission.received.v1";
  public static final String STATUS_CHANGED = "equitoken.compliance.status.changed.v1";

  private ComplianceTopics() {}
}
