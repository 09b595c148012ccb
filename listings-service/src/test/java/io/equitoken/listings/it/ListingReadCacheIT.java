package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.listings.listing.Listing;
import io.equitoken.platform.web.cache.NotifiedCache;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /listings/{id}} from the replica's read cache: repeated reads come from memory, and a
 * change is seen at once by the replica that made it and, through the database's {@code
 * listing_changed} notification, by every other replica — here simulated by SQL written past the
 * service, as another replica's transaction would be. With the notification connection gone the
 * cache is bypassed, so a change made meanwhile is never hidden.
 */
class ListingReadCacheIT extends ListingsIntegrationTest {

  private static final String INVESTOR = Api.token("investor-cache", "investor");
  private static final int POLLS = 200;
  private static final Duration POLL = Duration.ofMillis(50);

  @Autowired NotifiedCache<String, Listing> cache;

  @BeforeEach
  void feedListening() throws InterruptedException {
    await(() -> cache.isLive(), "the change feed listens");
  }

  @Test
  void shouldAnswerRepeatedReadsFromMemory() throws InterruptedException {
    String id = api.active(Api.newFounder());

    JsonNode first = readUntilCached(id);

    assertThat(api.get("/listings/" + id, INVESTOR)).isEqualTo(first);
  }

  @Test
  void shouldShowAChangeCommittedElsewhere() throws InterruptedException {
    String id = api.active(Api.newFounder());
    readUntilCached(id);

    db.sql(
            "update listing set name = 'Renamed elsewhere', name_key = 'renamed elsewhere'"
                + " where id = :id")
        .bind("id", id)
        .then()
        .block(Duration.ofSeconds(10));

    awaitRead(id, detail -> detail.get("name").asString().equals("Renamed elsewhere"));
  }

  @Test
  void shouldShowATokenPriceChangeCommittedElsewhere() throws InterruptedException {
    String id = api.active(Api.newFounder());
    assertThat(
            api.get("/listings/" + id, INVESTOR).get("tokenomics").get("tokenPrice").decimalValue())
        .isEqualByComparingTo("2.5");

    db.sql("update token set price = 7.25 where listing_id = :id")
        .bind("id", id)
        .then()
        .block(Duration.ofSeconds(10));

    awaitRead(
        id,
        detail ->
            detail
                    .get("tokenomics")
                    .get("tokenPrice")
                    .decimalValue()
                    .compareTo(new java.math.BigDecimal("7.25"))
                == 0);
  }

  @Test
  void shouldAnswerTheWritersOwnChangesAtOnce() {
    String founder = Api.newFounder();
    String id = api.active(founder);
    for (int i = 0; i < 10; i++) {
      api.get("/listings/" + id, INVESTOR);
      String name = "Edit " + i;
      Api.json(
          api.call(HttpMethod.PATCH, "/listings/" + id, Api.founder(founder), Map.of("name", name))
              .expectStatus()
              .isOk());

      assertThat(api.get("/listings/" + id, INVESTOR).get("name").asString()).isEqualTo(name);
    }
    api.transition(id, "suspend", Api.operator());
    api.call(HttpMethod.GET, "/listings/" + id, INVESTOR, null).expectStatus().isNotFound();
  }

  @Test
  void shouldNeverHideAChangeMadeWhileTheNotificationConnectionIsDown()
      throws InterruptedException {
    String id = api.active(Api.newFounder());
    readUntilCached(id);

    // the listener's connection dies (a database restart or failover would do the same) and a
    // change is committed before it is back: its notification reaches nobody
    long terminated =
        count(
            "select count(*) from (select pg_terminate_backend(pid) from pg_stat_activity"
                + " where query = 'LISTEN listing_changed' and pid <> pg_backend_pid()) t");
    assertThat(terminated).isEqualTo(1);
    db.sql(
            "update listing set name = 'Renamed while deaf', name_key = 'renamed while deaf'"
                + " where id = :id")
        .bind("id", id)
        .then()
        .block(Duration.ofSeconds(10));

    awaitRead(id, detail -> detail.get("name").asString().equals("Renamed while deaf"));
    await(() -> cache.isLive(), "the change feed listens again");
    assertThat(api.get("/listings/" + id, INVESTOR).get("name").asString())
        .isEqualTo("Renamed while deaf");
  }

  /**
   * Reads until the read is kept. A read that overlaps any change notification is not kept (the
   * cache cannot tell whether its value is older), and the notification of the listing's own
   * creation may still be on its way when the first read starts.
   */
  private JsonNode readUntilCached(String id) throws InterruptedException {
    JsonNode[] last = new JsonNode[1];
    await(
        () -> {
          last[0] = api.get("/listings/" + id, INVESTOR);
          return cache.holds(id);
        },
        "a read is kept in the cache");
    return last[0];
  }

  private void awaitRead(String id, Predicate<JsonNode> seen) throws InterruptedException {
    await(() -> seen.test(api.get("/listings/" + id, INVESTOR)), "the read shows the change");
  }

  private static void await(java.util.function.BooleanSupplier condition, String what)
      throws InterruptedException {
    for (int i = 0; i < POLLS; i++) {
      if (condition.getAsBoolean()) {
        return;
      }
      Thread.sleep(POLL.toMillis());
    }
    throw new AssertionError("Not within " + POLLS * POLL.toMillis() + " ms: " + what);
  }
}
