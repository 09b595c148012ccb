package io.equitoken.platform.events;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code equitoken.events.retention.*}: published outbox rows are kept {@code outbox} (default 7
 * days), processed-event ids {@code processed} (default 14 days — keep it longer than the topics'
 * retention, or a consumer rewound to the oldest offset could handle an event twice). Every {@code
 * interval}, at most {@code max-batches} deletes of {@code batch-size} rows per table.
 */
@ConfigurationProperties("equitoken.events.retention")
public record EventRetentionProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("P7D") Duration outbox,
    @DefaultValue("P14D") Duration processed,
    @DefaultValue("PT10M") Duration interval,
    @DefaultValue("1000") int batchSize,
    @DefaultValue("100") int maxBatches) {}
