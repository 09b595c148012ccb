package io.equitoken.webhooks.subscription;

/**
 * Who acts: a principal (JWT {@code sub}), whether they are an operator, and the API key their
 * token was issued for (its {@code azp}), which a subscription they create or change records.
 */
public record Actor(String principalId, boolean operator, String apiKeyId) {

  public Actor(String principalId, boolean operator) {
    this(principalId, operator, null);
  }
}
