package io.equitoken.trading.service.kernel;

/**
 * What this service publishes, each kind a record of its feature: the facts on {@code
 * trading.events.v1} (window lifecycle) and the commands to the matcher on {@code
 * trading.orders.v1} (orders, transfers, tokens, windows). The domain hands them to an {@code
 * EventPublisher<TradingMessage>} (platform-core) inside the transaction of the change; the
 * messaging adapter ({@code messaging/TradingMessagesOutbox}, a platform-events {@code
 * OutboxPublisher}) maps each record class to its topic, key and CloudEvents type, so a state
 * change and its messages commit together or not at all.
 */
public interface TradingMessage {}
