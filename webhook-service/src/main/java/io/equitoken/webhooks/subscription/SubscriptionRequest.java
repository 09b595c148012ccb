package io.equitoken.webhooks.subscription;

import java.util.List;

/**
 * What a caller asks for when creating (every field but {@code status}) or changing (any subset;
 * null means unchanged) a subscription. {@code status} is {@code enabled} or {@code disabled}.
 */
public record SubscriptionRequest(
    String url, List<String> eventTypes, String description, String status) {}
