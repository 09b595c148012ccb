package io.equitoken.trading.service.order;

/** Who places or looks at an order: their principal id and what their roles allow. */
public record Trader(String principalId, boolean investor, boolean founder, boolean operator) {}
