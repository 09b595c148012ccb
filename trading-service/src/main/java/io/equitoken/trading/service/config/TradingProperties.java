package io.equitoken.trading.service.config;

import io.equitoken.platform.events.ConsumerGroupDefaults;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code equitoken.trading.*}: topic partitions, the longest the window clock sleeps between ticks
 * when it knows of nothing due sooner ({@code clock-interval}, 10 s), how often a call phase asks
 * for an indicative price, the longest window an operator may schedule, the embedded matcher, the
 * cash ledger, and what one principal may put on a token's book at intake (open orders per token,
 * 50; a limit within a factor of the reference price, 10).
 */
@ConfigurationProperties("equitoken.trading")
record TradingProperties(
    Integer partitions,
    Duration clockInterval,
    Duration indicateInterval,
    Duration maxWindowLength,
    Matcher matcher,
    Cash cash,
    Integer maxOpenOrdersPerToken,
    java.math.BigDecimal referencePriceBand) {

  TradingProperties {
    partitions = partitions == null ? 12 : partitions;
    clockInterval = clockInterval == null ? Duration.ofSeconds(10) : clockInterval;
    indicateInterval = indicateInterval == null ? Duration.ofSeconds(3) : indicateInterval;
    maxWindowLength = maxWindowLength == null ? Duration.ofDays(31) : maxWindowLength;
    matcher =
        matcher == null
            ? new Matcher(null, null, null, null, null, null, null, null, null)
            : matcher;
    cash = cash == null ? new Cash(null, null, null) : cash;
    maxOpenOrdersPerToken = maxOpenOrdersPerToken == null ? 50 : maxOpenOrdersPerToken;
    referencePriceBand = referencePriceBand == null ? java.math.BigDecimal.TEN : referencePriceBand;
  }

  /**
   * {@code equitoken.trading.cash.*}: the one settlement currency (ISO 4217, {@code USD} by
   * default), the platform fee of every fill in basis points (0 by default, paid by the seller out
   * of the proceeds) and the account that collects it.
   */
  record Cash(String currency, Integer feeBasisPoints, String feeAccount) {

    Cash {
      currency = currency == null || currency.isBlank() ? "USD" : currency;
      feeBasisPoints = feeBasisPoints == null ? 0 : feeBasisPoints;
      feeAccount = feeAccount == null || feeAccount.isBlank() ? "platform-fees" : feeAccount;
    }
  }

  /**
   * {@code equitoken.trading.matcher.*}: whether this instance runs a matcher, its stable instance
   * id (unset: the platform's instance id, see {@link #instanceIdOr}; a restarted instance fences
   * its predecessor's open transaction), the consumer group of all matchers, when a partition's
   * engines are snapshotted, the transaction timeout of its producer, how long the consumers a
   * takeover waits for (the matcher's, the order projection's) let a fetch wait at the broker, and
   * how long the matcher goes on polling after a poll that brought commands.
   */
  record Matcher(
      Boolean enabled,
      String instanceId,
      String groupId,
      Integer snapshotEveryCommands,
      Duration snapshotEvery,
      Double snapshotSizeRatio,
      Duration transactionTimeout,
      Integer takeoverFetchWaitMs,
      Duration gather) {

    /**
     * How long the matcher goes on polling after a poll that brought commands: the commands of that
     * time share one Kafka transaction, for at most this much more order-to-fill.
     */
    static final Duration DEFAULT_GATHER = Duration.ofMillis(50);

    Matcher {
      enabled = enabled == null || enabled;
      instanceId = instanceId == null || instanceId.isBlank() ? null : instanceId.strip();
      groupId = groupId == null ? "trading-matcher" : groupId;
      snapshotEveryCommands = snapshotEveryCommands == null ? 1000 : snapshotEveryCommands;
      snapshotEvery = snapshotEvery == null ? Duration.ofSeconds(30) : snapshotEvery;
      // a busy token's state (every order id, every purchase lot) grows to megabytes: it is
      // written again only once the commands since weigh as much (docs/services/trading-matcher.md)
      snapshotSizeRatio = snapshotSizeRatio == null ? 1.0 : snapshotSizeRatio;
      // an instance that dies mid-transaction holds back read_committed readers of its partitions
      // until the broker aborts the transaction (docs/operations.md, "Consumer groups after a
      // crash")
      transactionTimeout = transactionTimeout == null ? Duration.ofSeconds(10) : transactionTimeout;
      // partitions taken over from a dead instance wait for the fetch already waiting at the
      // broker: Kafka's 500 ms where a second instance can take over, longer for a lone instance
      takeoverFetchWaitMs = takeoverFetchWaitMs == null ? 500 : takeoverFetchWaitMs;
      // commands arriving within this after a poll share one Kafka transaction
      // (docs/services/trading-matcher.md, "Transactions")
      gather = gather == null ? DEFAULT_GATHER : gather;
    }

    /**
     * The matcher's instance id: its own setting where one is given, else the instance id every
     * consumer of the platform has ({@code EQUITOKEN_INSTANCE_ID}, {@link
     * ConsumerGroupDefaults#instanceId()}), else the host name, else {@code trading-local}.
     */
    String instanceIdOr(ConsumerGroupDefaults group, String hostname) {
      if (instanceId != null) {
        return instanceId;
      }
      if (group.instanceId() != null) {
        return group.instanceId();
      }
      return hostname == null || hostname.isBlank() ? "trading-local" : hostname.strip();
    }
  }
}
