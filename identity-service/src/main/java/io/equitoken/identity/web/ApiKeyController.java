package io.equitoken.identity.web;

import io.equitoken.identity.apikey.ApiKeyService;
import io.equitoken.identity.apikey.CreatedApiKey;
import io.equitoken.identity.apikey.KeyPosition;
import io.equitoken.identity.apikey.NewApiKey;
import io.equitoken.identity.apikey.Requester;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import jakarta.validation.Valid;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

@RestController
class ApiKeyController {

  /** The operation Idempotency-Keys are scoped to (platform-web {@link Idempotency}). */
  static final String CREATE = "POST " + IdentityRoleMatrix.API_KEY;

  private static final Pattern PRINCIPAL_FORMAT = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  private final ApiKeyService service;
  private final Idempotency idempotency;

  ApiKeyController(ApiKeyService service, Idempotency idempotency) {
    this.service = service;
    this.idempotency = idempotency;
  }

  @PostMapping(
      path = IdentityRoleMatrix.API_KEY,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  Mono<ResponseEntity<ApiKeyResponse>> create(
      @RequestHeader(name = Idempotency.HEADER, required = false) String idempotencyKey,
      @Valid @RequestBody CreateApiKeyRequest body) {
    return Caller.current()
        .flatMap(
            caller -> {
              String key = Idempotency.validKey(idempotencyKey);
              NewApiKey command = body.toCommand();
              Requester requester = requester(caller);
              // the caller's rights first, so that a replay needs the same rights as the call;
              // refusals are platform-core Refusals, rendered by platform-web
              return service
                  .checkCreate(requester, command)
                  .then(
                      Mono.defer(
                          () ->
                              idempotency.execute(
                                  new Idempotency.Call(
                                      caller.principalId(), CREATE, key, body.canonical()),
                                  ApiKeyResponse.class,
                                  // never stored: the secret exists in clear in one answer only
                                  ApiKeyResponse::withoutSecret,
                                  // the creation's audit line is written before the commit, so a
                                  // repeat must not run the work only to roll it back
                                  Idempotency.Recording.CLAIM_FIRST,
                                  () ->
                                      service
                                          .create(requester, command)
                                          .map(ApiKeyController::answer))));
            });
  }

  /** The caller's keys (an operator: any principal's), oldest first, without secrets. */
  @GetMapping(path = IdentityRoleMatrix.API_KEY, produces = MediaType.APPLICATION_JSON_VALUE)
  Mono<List<ApiKeyListItem>> list(
      @RequestParam(required = false) String principalId,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    if (principalId != null && !PRINCIPAL_FORMAT.matcher(principalId).matches()) {
      throw QueryParams.invalid("principalId", "principalId must match [A-Za-z0-9._-]{1,64}.");
    }
    CursorPage.Request page = CursorPage.request(limit, cursor, 2);
    KeyPosition after =
        page.after() == null
            ? null
            : new KeyPosition(page.after().instant(0), page.after().text(1));
    return Caller.current()
        .flatMap(
            caller ->
                service.list(
                    requester(caller),
                    principalId == null ? caller.principalId() : principalId,
                    after,
                    page.size()))
        .map(
            keys -> {
              if (keys.next() != null) {
                CursorPage.linkNext(
                    exchange, CursorPage.encode(keys.next().createdAt(), keys.next().apiKeyId()));
              }
              return keys.keys().stream().map(ApiKeyListItem::of).toList();
            });
  }

  @DeleteMapping(IdentityRoleMatrix.API_KEY_ITEM)
  Mono<ResponseEntity<Void>> revoke(@PathVariable String apiKey) {
    return Caller.current()
        .flatMap(caller -> service.revoke(requester(caller), apiKey))
        .map(outcome -> ResponseEntity.noContent().<Void>build());
  }

  private static ResponseEntity<ApiKeyResponse> answer(CreatedApiKey created) {
    return ResponseEntity.status(HttpStatus.CREATED)
        .cacheControl(CacheControl.noStore())
        .body(ApiKeyResponse.of(created.key(), created.secret()));
  }

  private static Requester requester(Caller caller) {
    return new Requester(caller.principalId(), caller.roles(), caller.apiKeyId());
  }
}
