package io.equitoken.webhooks.subscription;

/** Who acts: a principal (JWT {@code sub}) and whether they are an operator. */
public record Actor(String principalId, boolean operator) {}
