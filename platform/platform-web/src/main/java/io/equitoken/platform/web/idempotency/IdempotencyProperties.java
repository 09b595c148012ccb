package io.equitoken.platform.web.idempotency;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code equitoken.idempotency.*}: how long a key's first answer is kept ({@code retention}), and
 * how expired records are purged: every {@code purge-interval}, at most {@code purge-max-batches}
 * deletes of {@code purge-batch-size} rows each ({@code purge-enabled=false} turns it off).
 */
@ConfigurationProperties("equitoken.idempotency")
public record IdempotencyProperties(
    @DefaultValue("PT24H") Duration retention,
    @DefaultValue("true") boolean purgeEnabled,
    @DefaultValue("PT10M") Duration purgeInterval,
    @DefaultValue("1000") int purgeBatchSize,
    @DefaultValue("100") int purgeMaxBatches) {}
