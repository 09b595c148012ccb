package io.equitoken.portfolio.it;

import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.TestInfrastructure;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Plays listings and trading in tests: real CloudEvents into the real broker, each payload the
 * contract's example with only the fields a test cares about changed. Keeps the per-owner-and-token
 * sequence numbers trading would assign.
 */
public final class Market {

  public static final String LISTINGS = "listings.events.v1";
  public static final String TRADING = "trading.events.v1";
  public static final String TOKEN_ISSUED = "equitoken.listings.token.issued.v1";
  public static final String PUBLISHED = "equitoken.listings.listing.published.v1";
  public static final String UPDATED = "equitoken.listings.listing.updated.v1";
  public static final String HOLDING = "equitoken.trading.holding.changed.v1";
  public static final String PRICE = "equitoken.trading.price.updated.v1";
  public static final String TRADE = "equitoken.trading.trade.executed.v1";
  public static final String CASH = "equitoken.trading.cash.changed.v1";

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static KafkaProducer<String, String> producer;
  private static java.util.List<java.util.concurrent.Future<?>> batch;

  private final Map<String, Long> sequences = new HashMap<>();
  private final Map<String, BigDecimal> quantities = new HashMap<>();
  private final Map<String, Long> cashSequences = new HashMap<>();
  private final Map<String, BigDecimal> balances = new HashMap<>();
  private final Map<String, BigDecimal> reservations = new HashMap<>();

  /** A holding change as sent, to resend or reorder it. */
  public record Sent(String key, String id, String type, String data) {}

  public static ObjectNode example(String type) {
    return (ObjectNode) JSON.readTree(EventContracts.example(type));
  }

  /** The contract's example with {@code adapt} applied; may break the contract (for poison). */
  public static String with(String type, Consumer<ObjectNode> adapt) {
    ObjectNode node = example(type);
    adapt.accept(node);
    return JSON.writeValueAsString(node);
  }

  /** As {@link #with}, and checked against the type's JSON Schema. */
  public static String valid(String type, Consumer<ObjectNode> adapt) {
    String data = with(type, adapt);
    EventContracts.assertConforms(type, data);
    return data;
  }

  /** listings' token.issued and listing.published, then trading's credit of the whole supply. */
  public void issue(
      String tokenId, String startup, String founder, long supply, String price, Instant at) {
    String listingId = UUID.randomUUID().toString();
    send(
        LISTINGS,
        listingId,
        TOKEN_ISSUED,
        valid(
            TOKEN_ISSUED,
            e -> {
              e.put("listingId", listingId);
              e.put("tokenId", tokenId);
              e.put("tokenName", startup + " Equity Token");
              e.put("supply", supply);
              e.put("price", new BigDecimal(price));
              e.put("valuation", new BigDecimal(price).multiply(BigDecimal.valueOf(supply)));
              e.put("issuerPrincipalId", founder);
              e.put("issuedBy", founder);
              e.put("issuedAt", at.toString());
            }));
    send(
        LISTINGS,
        listingId,
        PUBLISHED,
        valid(
            PUBLISHED,
            e -> {
              e.put("listingId", listingId);
              e.put("founderId", founder);
              e.put("name", startup);
              e.put("tokenId", tokenId);
              e.put("publishedAt", at.toString());
            }));
    send(holding(founder, tokenId, BigDecimal.valueOf(supply), "issuance", price, null, at));
  }

  /** The two holding changes of one execution: the buyer's and the seller's. */
  public String trade(
      String tokenId,
      String buyer,
      String seller,
      long quantity,
      String price,
      boolean primary,
      Instant at) {
    String tradeId = UUID.randomUUID().toString();
    BigDecimal q = BigDecimal.valueOf(quantity);
    send(holding(buyer, tokenId, q, primary ? "purchase" : "trade_buy", price, tradeId, at));
    send(holding(seller, tokenId, q.negate(), primary ? "sale" : "trade_sell", price, tradeId, at));
    return tradeId;
  }

  public void price(String tokenId, String price, Instant at) {
    send(
        TRADING,
        tokenId,
        PRICE,
        valid(
            PRICE,
            e -> {
              e.put("tokenId", tokenId);
              e.put("price", new BigDecimal(price));
              e.remove("previousPrice");
              e.putNull("previousPrice");
              e.put("reason", "trade");
              e.put("asOf", at.toString());
            }));
  }

  /** The next holding change of (owner, token), by {@code delta}, as trading would publish it. */
  public Sent holding(
      String owner,
      String tokenId,
      BigDecimal delta,
      String reason,
      String price,
      String tradeId,
      Instant at) {
    String key = owner + "/" + tokenId;
    long sequence = sequences.merge(key, 1L, Long::sum);
    BigDecimal quantity = quantities.merge(key, delta, BigDecimal::add);
    boolean trade = tradeId != null;
    boolean transfer = reason.startsWith("transfer");
    String data =
        valid(
            HOLDING,
            e -> {
              e.put("ownerId", owner);
              e.put("tokenId", tokenId);
              e.put("sequence", sequence);
              e.put("quantity", quantity);
              e.put("availableQuantity", quantity);
              e.put("delta", delta);
              e.put("reason", reason);
              if (price == null) {
                e.putNull("price");
              } else {
                e.put("price", new BigDecimal(price));
              }
              putOrNull(e, "tradeId", tradeId);
              putOrNull(e, "orderId", trade ? UUID.randomUUID().toString() : null);
              putOrNull(e, "transferId", transfer ? UUID.randomUUID().toString() : null);
              putOrNull(e, "windowId", trade ? "3c0e7d7a-5a8f-4f52-9a55-7b1c9f1e2a01" : null);
              e.put("occurredAt", at.toString());
            });
    return new Sent(tokenId, UUID.randomUUID().toString(), HOLDING, data);
  }

  /**
   * The owner's next cash change, as trading's ledger would publish it: the account after it is the
   * previous one moved by {@code amount} and {@code reservedChange}; {@code details} sets the
   * reason's ids (order, trade, deposit, …). Not sent: send it, resend it or reorder it.
   */
  public Sent cash(
      String owner,
      String reason,
      String amount,
      String reservedChange,
      Instant at,
      Consumer<ObjectNode> details) {
    long sequence = cashSequences.merge(owner, 1L, Long::sum);
    BigDecimal balance = balances.merge(owner, new BigDecimal(amount), BigDecimal::add);
    BigDecimal reserved =
        reservations.merge(owner, new BigDecimal(reservedChange), BigDecimal::add);
    String data =
        valid(
            CASH,
            e -> {
              e.put("ownerId", owner);
              e.put("currency", "USD");
              e.put("sequence", sequence);
              e.put("balance", balance);
              e.put("reserved", reserved);
              e.put("available", balance.subtract(reserved));
              e.put("amount", new BigDecimal(amount));
              e.put("reservedChange", new BigDecimal(reservedChange));
              e.put("reason", reason);
              for (String id :
                  List.of(
                      "orderId",
                      "tradeId",
                      "depositId",
                      "withdrawalId",
                      "tokenId",
                      "price",
                      "quantity",
                      "fee")) {
                e.putNull(id);
              }
              e.put("occurredAt", at.toString());
              details.accept(e);
            });
    return new Sent(owner, UUID.randomUUID().toString(), CASH, data);
  }

  /** A deposit credited to the owner. */
  public void deposit(String owner, String amount, Instant at) {
    send(
        cash(
            owner,
            "deposit",
            amount,
            "0",
            at,
            e -> e.put("depositId", UUID.randomUUID().toString())));
  }

  /** A withdrawal requested (reserved) and paid (left the platform). */
  public void withdraw(String owner, String amount, Instant requested, Instant paid) {
    String withdrawalId = UUID.randomUUID().toString();
    send(
        cash(
            owner,
            "withdrawal_requested",
            "0",
            amount,
            requested,
            e -> e.put("withdrawalId", withdrawalId)));
    send(
        cash(
            owner,
            "withdrawal_paid",
            "-" + amount,
            "-" + amount,
            paid,
            e -> e.put("withdrawalId", withdrawalId)));
  }

  /**
   * The cash legs of one fill, as trading's ledger writes them in one transaction: the buyer's
   * reservation (earlier, when the order was placed) and its {@code buy}, the seller's {@code sell}
   * (the payment less the fee) and, with a fee, the fee account's {@code fee}.
   */
  public void payTrade(
      String tradeId,
      String tokenId,
      String buyer,
      String seller,
      String feeAccount,
      long quantity,
      String price,
      String fee,
      Instant at) {
    String orderId = UUID.randomUUID().toString();
    BigDecimal payment = new BigDecimal(price).multiply(BigDecimal.valueOf(quantity));
    BigDecimal feeAmount = new BigDecimal(fee);
    Consumer<ObjectNode> fill =
        e -> {
          e.put("tradeId", tradeId);
          e.put("tokenId", tokenId);
          e.put("price", new BigDecimal(price));
          e.put("quantity", quantity);
        };
    send(
        cash(
            buyer,
            "order_reserved",
            "0",
            payment.toPlainString(),
            at.minusSeconds(60),
            e -> {
              e.put("orderId", orderId);
              e.put("tokenId", tokenId);
            }));
    send(
        cash(
            buyer,
            "buy",
            payment.negate().toPlainString(),
            payment.negate().toPlainString(),
            at,
            fill.andThen(e -> e.put("orderId", orderId))));
    send(
        cash(
            seller,
            "sell",
            payment.subtract(feeAmount).toPlainString(),
            "0",
            at,
            fill.andThen(
                e -> {
                  e.put("orderId", UUID.randomUUID().toString());
                  e.put("fee", feeAmount);
                })));
    if (feeAmount.signum() > 0) {
      send(cash(feeAccount, "fee", fee, "0", at, fill.andThen(e -> e.put("fee", feeAmount))));
    }
  }

  /** A primary or secondary trade with both its token legs and its cash legs. */
  public String tradeWithCash(
      String tokenId,
      String buyer,
      String seller,
      String feeAccount,
      long quantity,
      String price,
      String fee,
      boolean primary,
      Instant at) {
    String tradeId = trade(tokenId, buyer, seller, quantity, price, primary, at);
    payTrade(tradeId, tokenId, buyer, seller, feeAccount, quantity, price, fee, at);
    return tradeId;
  }

  private static void putOrNull(ObjectNode e, String field, String value) {
    if (value == null) {
      e.putNull(field);
    } else {
      e.put(field, value);
    }
  }

  public static void send(Sent event) {
    send(TRADING, event.key(), event.id(), event.type(), event.data());
  }

  public static String send(String topic, String key, String type, String data) {
    String id = UUID.randomUUID().toString();
    send(topic, key, id, type, data);
    return id;
  }

  /**
   * Sends a CloudEvent in Kafka binary mode and waits for the broker's acknowledgement — the same
   * record as platform-test's {@code KafkaRecords.sendCloudEvent}, but through one shared producer,
   * since the bursts here send hundreds of events and that opens a producer per event.
   */
  public static synchronized void send(
      String topic, String key, String id, String type, String data) {
    ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, data);
    header(record, "ce_specversion", "1.0");
    header(record, "ce_id", id);
    header(
        record,
        "ce_source",
        topic.startsWith("listings") ? "/listings-service" : "/trading-service");
    header(record, "ce_type", type);
    header(record, "ce_time", Instant.now().toString());
    header(record, "ce_subject", key);
    header(record, "content-type", "application/json");
    var sent = producer().send(record);
    if (batch != null) {
      batch.add(sent);
      return;
    }
    await(sent);
  }

  /** Sends everything {@code work} sends without waiting for each, then waits for all of them. */
  public static synchronized void batch(Runnable work) {
    batch = new java.util.ArrayList<>();
    try {
      work.run();
      producer().flush();
      batch.forEach(Market::await);
    } finally {
      batch = null;
    }
  }

  private static void await(java.util.concurrent.Future<?> sent) {
    try {
      sent.get(30, java.util.concurrent.TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("Could not send test event", e);
    }
  }

  private static KafkaProducer<String, String> producer() {
    if (producer == null) {
      Properties props = new Properties();
      props.put(
          ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.kafkaBootstrapServers());
      props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
      props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
      producer = new KafkaProducer<>(props);
    }
    return producer;
  }

  private static void header(ProducerRecord<String, String> record, String name, String value) {
    record.headers().add(name, value.getBytes(StandardCharsets.UTF_8));
  }
}
