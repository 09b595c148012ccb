package io.equitoken.compliance.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

class ConcurrentDecisionIT extends IntegrationTestSupport {

  @Test
  void shouldLetExactlyOneOfManyConcurrentDecisionsWin() {
    // given one pending submission
    String id = submitValid(newInvestor());
    List<String> decisions = List.of("approved", "rejected", "revision_required");

    // when eight officers decide at the same moment
    List<Integer> statuses =
        Flux.fromStream(IntStream.range(0, 8).boxed())
            .flatMap(
                i ->
                    Mono.fromCallable(
                            () ->
                                web.post()
                                    .uri("/compliance/reviews/{id}/decision", id)
                                    .headers(h -> h.setBearerAuth(officerToken()))
                                    .contentType(MediaType.APPLICATION_JSON)
                                    .bodyValue(
                                        Map.of(
                                            "decision",
                                            decisions.get(i % 3),
                                            "retryable",
                                            false,
                                            "reason",
                                            "officer " + i))
                                    .exchange()
                                    .returnResult(String.class)
                                    .getStatus()
                                    .value())
                        .subscribeOn(reactor.core.scheduler.Schedulers.boundedElastic()),
                8)
            .collectList()
            .block();

    // then one wins, the rest are told it is no longer pending, and one audit record exists
    assertThat(statuses).hasSize(8);
    assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(1);
    assertThat(statuses.stream().filter(s -> s == 409).count()).isEqualTo(7);
    Long audits =
        db.sql("SELECT count(*) AS n FROM kyc_decision WHERE submission_id = :id")
            .bind("id", UUID.fromString(id))
            .map(row -> row.get("n", Long.class))
            .one()
            .block();
    assertThat(audits).isEqualTo(1);
  }

  @Test
  void shouldLetOnlyOneOfTwoConcurrentSubmissionsOfOneInvestorBePending() {
    String investor = newInvestor();

    List<Integer> statuses =
        Flux.range(0, 4)
            .flatMap(
                i ->
                    Mono.fromCallable(
                            () ->
                                submit(investorToken(investor), validUpload())
                                    .returnResult(String.class)
                                    .getStatus()
                                    .value())
                        .subscribeOn(reactor.core.scheduler.Schedulers.boundedElastic()),
                4)
            .collectList()
            .block();

    assertThat(statuses.stream().filter(s -> s == 202).count()).isEqualTo(1);
    assertThat(statuses.stream().filter(s -> s == 409).count()).isEqualTo(3);
  }
}
