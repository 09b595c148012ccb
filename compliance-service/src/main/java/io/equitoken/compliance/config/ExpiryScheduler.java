package io.equitoken.compliance.config;

import io.equitoken.compliance.kyc.ApprovalExpiry;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Runs the approval expiry on a fixed delay. Blocking here is fine: this is the scheduler's own
 * thread, never an event loop, and it keeps two runs of one instance from overlapping.
 */
@Component
@EnableScheduling
@ConditionalOnProperty(
    name = "equitoken.compliance.expiry-job-enabled",
    havingValue = "true",
    matchIfMissing = true)
public class ExpiryScheduler {

  private static final Logger log = LoggerFactory.getLogger(ExpiryScheduler.class);

  private final ApprovalExpiry expiry;

  public ExpiryScheduler(ApprovalExpiry expiry) {
    this.expiry = expiry;
  }

  @Scheduled(
      fixedDelayString = "${equitoken.compliance.expiry-check-interval:PT1M}",
      initialDelayString = "${equitoken.compliance.expiry-check-interval:PT1M}")
  public void expireDueApprovals() {
    try {
      Long expired = expiry.drain().reduce(0L, Long::sum).block(Duration.ofMinutes(5));
      if (expired != null && expired > 0) {
        log.info("Expired {} approvals", expired);
      }
    } catch (RuntimeException e) {
      log.warn("Approval expiry run failed; the next run retries", e);
    }
  }
}
