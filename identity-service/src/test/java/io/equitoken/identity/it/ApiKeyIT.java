package io.equitoken.identity.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

class ApiKeyIT extends IdentityIntegrationTest {

  private final String alice = TestJwtIssuer.token("inv-alice", "investor");
  private final String operator = TestJwtIssuer.token("op-1", "operator");

  @Test
  void shouldCreateKeyForAnyPrincipalWhenCallerIsOperator() {
    createKey(operator, keyRequest("Wallet backend", "partner-x", "partner", "investor"))
        .expectStatus()
        .isCreated()
        .expectHeader()
        .cacheControl(org.springframework.http.CacheControl.noStore())
        .expectBody()
        .jsonPath("$.apiKey")
        .value(v -> assertThat((String) v).startsWith("etk_"))
        .jsonPath("$.secret")
        .value(v -> assertThat((String) v).startsWith("etks_").hasSize(48))
        .jsonPath("$.name")
        .isEqualTo("Wallet backend")
        .jsonPath("$.principalId")
        .isEqualTo("partner-x")
        .jsonPath("$.roles")
        .isEqualTo(List.of("investor", "partner"))
        .jsonPath("$.createdAt")
        .value(v -> assertThat((String) v).endsWith("Z"));
  }

  @Test
  void shouldCreateKeyForThemselvesWhenCallerIsInvestor() {
    createKey(alice, keyRequest("laptop", "inv-alice", "investor"))
        .expectStatus()
        .isCreated()
        .expectBody()
        .jsonPath("$.principalId")
        .isEqualTo("inv-alice");
  }

  @Test
  void shouldForbidKeyForAnotherPrincipalWhenCallerIsNotOperator() {
    createKey(alice, keyRequest("steal", "inv-bob", "investor"))
        .expectStatus()
        .isForbidden()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("api-key-for-other-principal")
        .jsonPath("$.status")
        .isEqualTo(403);
  }

  @Test
  void shouldForbidRolesBeyondTheCallersOwn() {
    createKey(alice, keyRequest("escalate", "inv-alice", "investor", "operator"))
        .expectStatus()
        .isForbidden()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("roles-exceed-caller");
  }

  @Test
  void shouldRejectInvalidFieldsWithTheOffendingField() {
    assertValidation(keyRequest("", "inv-alice", "investor"), "name");
    assertValidation(keyRequest("x".repeat(101), "inv-alice", "investor"), "name");
    assertValidation(keyRequest("line\nbreak", "inv-alice", "investor"), "name");
    assertValidation(keyRequest("k", "inv alice", "investor"), "principalId");
    assertValidation(keyRequest("k", "p".repeat(65), "investor"), "principalId");
    assertValidation(keyRequest("k", "inv-alice"), "roles");
    assertValidation(keyRequest("k", "inv-alice", "admin"), "roles[0]");
    assertValidation(Map.of("name", "k", "roles", List.of("investor")), "principalId");
  }

  @Test
  void shouldAcceptTheLongestAllowedValues() {
    createKey(operator, keyRequest("x".repeat(100), "p".repeat(64), "investor"))
        .expectStatus()
        .isCreated();
  }

  @Test
  void shouldRejectUnknownFields() {
    createKey(
            operator,
            Map.of("name", "k", "principalId", "p", "roles", List.of("investor"), "secret", "mine"))
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("secret");
  }

  @Test
  void shouldRejectMalformedJsonAndWrongTypes() {
    web.post()
        .uri("/developer/api-key")
        .header("Authorization", bearer(operator))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"name\": \"k\",")
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON);
    createKey(operator, Map.of("name", "k", "principalId", "p", "roles", "investor"))
        .expectStatus()
        .isBadRequest();
  }

  @Test
  void shouldRejectOtherContentTypesAndOversizeBodies() {
    web.post()
        .uri("/developer/api-key")
        .header("Authorization", bearer(operator))
        .contentType(MediaType.TEXT_PLAIN)
        .bodyValue("name=k")
        .exchange()
        .expectStatus()
        .isEqualTo(415);
    createKey(operator, keyRequest("x".repeat(200_000), "p", "investor"))
        .expectStatus()
        .isEqualTo(413)
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON);
  }

  @Test
  void shouldReplaySameRequestUnderSameIdempotencyKeyWithoutShowingTheSecretAgain() {
    // given
    String key = UUID.randomUUID().toString();
    Map<String, Object> body = keyRequest("ci", "inv-alice", "investor");
    Map<?, ?> first =
        createWithIdempotencyKey(alice, key, body)
            .expectStatus()
            .isCreated()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();
    // when / then
    createWithIdempotencyKey(alice, key, body)
        .expectStatus()
        .isCreated()
        .expectHeader()
        .valueEquals("Idempotent-Replayed", "true")
        .expectBody()
        .jsonPath("$.apiKey")
        .isEqualTo(first.get("apiKey"))
        .jsonPath("$.createdAt")
        .isEqualTo(first.get("createdAt"))
        .jsonPath("$.secret")
        .doesNotExist();
  }

  @Test
  void shouldAnswerConflictForSameIdempotencyKeyWithAnotherBody() {
    String key = UUID.randomUUID().toString();
    createWithIdempotencyKey(alice, key, keyRequest("one", "inv-alice", "investor"))
        .expectStatus()
        .isCreated();
    createWithIdempotencyKey(alice, key, keyRequest("two", "inv-alice", "investor"))
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("idempotency-key-reused");
  }

  @Test
  void shouldReplayWhenOnlyTheRoleOrderDiffersAndScopeKeysPerCaller() {
    String key = UUID.randomUUID().toString();
    String principal = "inv-scope-" + UUID.randomUUID().toString().substring(0, 8);
    Map<?, ?> first =
        createWithIdempotencyKey(
                operator, key, keyRequest("both", principal, "investor", "founder"))
            .expectStatus()
            .isCreated()
            .expectHeader()
            .valueEquals("Idempotent-Replayed", "false")
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();
    // role order and duplicates do not make another request
    createWithIdempotencyKey(
            operator, key, keyRequest("both", principal, "founder", "investor", "founder"))
        .expectStatus()
        .isCreated()
        .expectHeader()
        .valueEquals("Idempotent-Replayed", "true")
        .expectHeader()
        .valueEquals("Cache-Control", "no-store")
        .expectBody()
        .jsonPath("$.apiKey")
        .isEqualTo(first.get("apiKey"))
        .jsonPath("$.secret")
        .doesNotExist();
    // another caller's same key is another key
    createWithIdempotencyKey(alice, key, keyRequest("both", "inv-alice", "investor"))
        .expectStatus()
        .isCreated()
        .expectHeader()
        .valueEquals("Idempotent-Replayed", "false")
        .expectBody()
        .jsonPath("$.secret")
        .exists();
  }

  @Test
  void shouldRefuseAReplayTheCallerMayNotMakeAnyMore() {
    // the caller's rights are checked before the Idempotency-Key: a replay needs them too
    String key = UUID.randomUUID().toString();
    createWithIdempotencyKey(alice, key, keyRequest("mine", "inv-alice", "investor"))
        .expectStatus()
        .isCreated();
    createWithIdempotencyKey(alice, key, keyRequest("mine", "inv-bob", "investor"))
        .expectStatus()
        .isForbidden();
  }

  @Test
  void shouldRejectMalformedIdempotencyKey() {
    createWithIdempotencyKey(alice, "x".repeat(256), keyRequest("k", "inv-alice", "investor"))
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("Idempotency-Key");
  }

  @Test
  void shouldRevokeOwnKeyAndRefuseItNewTokens() {
    // given
    Map<String, Object> key = newKey("inv-carol", "investor");
    String carol = TestJwtIssuer.token("inv-carol", "investor");
    // when
    revoke(carol, (String) key.get("apiKey")).expectStatus().isNoContent();
    // then
    requestToken(Map.of("apiKey", key.get("apiKey"), "secret", key.get("secret")))
        .expectStatus()
        .isUnauthorized();
    revoke(carol, (String) key.get("apiKey")).expectStatus().isNoContent();
  }

  @Test
  void shouldAnswerNotFoundWhenRevokingSomeoneElsesKeyAndLeaveItWorking() {
    Map<String, Object> bobsKey = newKey("inv-bob", "investor");
    revoke(alice, (String) bobsKey.get("apiKey"))
        .expectStatus()
        .isNotFound()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("api-key-not-found");
    requestToken(Map.of("apiKey", bobsKey.get("apiKey"), "secret", bobsKey.get("secret")))
        .expectStatus()
        .isOk();
  }

  @Test
  void shouldLetOperatorRevokeAnyKey() {
    Map<String, Object> bobsKey = newKey("inv-bob", "investor");
    revoke(operator, (String) bobsKey.get("apiKey")).expectStatus().isNoContent();
  }

  @Test
  void shouldAnswerNotFoundForUnknownKey() {
    revoke(operator, "etk_doesnotexist").expectStatus().isNotFound();
    revoke(operator, "x".repeat(300)).expectStatus().isNotFound();
  }

  @Test
  void shouldListOwnKeysPageByPageWithoutSecrets() {
    // given: three keys of a fresh principal
    String principal = "inv-list-" + UUID.randomUUID().toString().substring(0, 8);
    for (int i = 0; i < 3; i++) {
      newKey(principal, "investor");
    }
    String token = TestJwtIssuer.token(principal, "investor");
    // when: the first page of two
    var first =
        web.get()
            .uri("/developer/api-key?limit=2")
            .header("Authorization", bearer(token))
            .exchange()
            .expectStatus()
            .isOk();
    String link = first.returnResult(String.class).getResponseHeaders().getFirst("Link");
    // then: a Link to the rest, which holds one more key
    assertThat(link).startsWith("</developer/api-key?limit=2&cursor=").endsWith(">; rel=\"next\"");
    web.get()
        .uri(link.substring(1, link.indexOf('>')))
        .header("Authorization", bearer(token))
        .exchange()
        .expectStatus()
        .isOk()
        .expectHeader()
        .doesNotExist("Link")
        .expectBody()
        .jsonPath("$.length()")
        .isEqualTo(1)
        .jsonPath("$[0].principalId")
        .isEqualTo(principal)
        .jsonPath("$[0].secret")
        .doesNotExist();
    // and an operator sees them too
    web.get()
        .uri("/developer/api-key?principalId=" + principal)
        .header("Authorization", bearer(operator))
        .exchange()
        .expectBody()
        .jsonPath("$.length()")
        .isEqualTo(3);
  }

  @Test
  void shouldRefuseBadListParametersWith400() {
    for (String query : List.of("limit=0", "limit=101", "cursor=AB8A", "principalId=a%20b")) {
      web.get()
          .uri("/developer/api-key?" + query)
          .header("Authorization", bearer(alice))
          .exchange()
          .expectStatus()
          .isBadRequest();
    }
  }

  @Test
  void shouldAnswerEachBadListParameterWithTheCodeOfItsMistake() {
    Map<String, String> codes = new LinkedHashMap<>();
    codes.put("limit=ten", "invalid-limit");
    codes.put("limit=0", "invalid-limit");
    codes.put("cursor=AB8A", "invalid-cursor");
    codes.put("principalId=a%20b", "invalid-parameter");
    codes.forEach(
        (query, code) ->
            web.get()
                .uri("/developer/api-key?" + query)
                .header("Authorization", bearer(operator))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectHeader()
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo(code)
                .jsonPath("$.field")
                .isEqualTo(query.substring(0, query.indexOf('='))));
  }

  @Test
  void shouldCapTheActiveKeysOfAPrincipal() {
    String principal = "inv-cap-" + UUID.randomUUID().toString().substring(0, 8);
    for (int i = 0; i < KEY_CAP; i++) {
      newKey(principal, "investor");
    }
    createKey(operator, keyRequest("one too many", principal, "investor"))
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("too-many-api-keys");
  }

  @Test
  void shouldCapTheActiveKeysOfAPrincipalUnderConcurrentCreations() throws Exception {
    // given a principal two keys below the cap
    String principal = "inv-race-" + UUID.randomUUID().toString().substring(0, 8);
    for (int i = 0; i < KEY_CAP - 2; i++) {
      newKey(principal, "investor");
    }

    // when eight creations for it arrive at once
    int attempts = 8;
    ExecutorService callers = Executors.newFixedThreadPool(attempts);
    List<Integer> statuses = new ArrayList<>();
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < attempts; i++) {
        String name = "racer " + i;
        answers.add(
            callers.submit(
                () -> {
                  start.await();
                  return createKey(operator, keyRequest(name, principal, "investor"))
                      .returnResult(String.class)
                      .getStatus()
                      .value();
                }));
      }
      start.countDown();
      for (Future<Integer> answer : answers) {
        statuses.add(answer.get(60, TimeUnit.SECONDS));
      }
    } finally {
      callers.shutdownNow();
    }

    // then exactly two are created and the others refused: the count and the insert of one
    // creation are serialised per principal (a transaction lock), not raced
    assertThat(statuses).filteredOn(status -> status == 201).hasSize(2);
    assertThat(statuses).filteredOn(status -> status == 409).hasSize(attempts - 2);
  }

  private WebTestClient.ResponseSpec revoke(String token, String apiKey) {
    return web.delete()
        .uri("/developer/api-key/{apiKey}", apiKey)
        .header("Authorization", bearer(token))
        .exchange();
  }

  private void assertValidation(Object body, String field) {
    createKey(operator, body)
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("validation-failed")
        .jsonPath("$.field")
        .isEqualTo(field);
  }
}
