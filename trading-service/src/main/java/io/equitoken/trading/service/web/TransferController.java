package io.equitoken.trading.service.web;

import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import io.equitoken.trading.service.transfer.TransferService;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.Instant;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code POST /tokens/{tokenId}/transfers}: operators move available holding (202, audited). With
 * an {@code Idempotency-Key} a retried request answers the first answer again ({@code
 * Idempotent-Replayed: true}) instead of moving the holding twice.
 */
@RestController
class TransferController {

  private final TransferService service;
  private final Idempotency idempotency;

  TransferController(TransferService service, Idempotency idempotency) {
    this.service = service;
    this.idempotency = idempotency;
  }

  record TransferBody(
      @NotBlank @Size(max = 128) String from,
      @NotBlank @Size(max = 128) String to,
      @NotNull BigDecimal quantity,
      @NotBlank @Size(max = 500) String reason) {}

  record TransferAccepted(
      String transferId,
      String status,
      String tokenId,
      String from,
      String to,
      BigDecimal quantity,
      String reason,
      String requestedBy,
      Instant requestedAt) {}

  @PostMapping("/tokens/{tokenId}/transfers")
  Mono<ResponseEntity<TransferAccepted>> transfer(
      @PathVariable String tokenId,
      @RequestHeader(name = Idempotency.HEADER, required = false) String key,
      @Valid @RequestBody TransferBody body) {
    String token = Params.tokenId(tokenId, "tokenId");
    return idempotency.once(
        "POST /tokens/" + token + "/transfers",
        key,
        body,
        TransferAccepted.class,
        () -> request(token, body));
  }

  private Mono<ResponseEntity<TransferAccepted>> request(String token, TransferBody body) {
    return Caller.current()
        .flatMap(
            c ->
                service.request(
                    c.principalId(), token, body.from(), body.to(), body.quantity(), body.reason()))
        .map(
            t ->
                ResponseEntity.status(HttpStatus.ACCEPTED)
                    .body(
                        new TransferAccepted(
                            t.id().toString(),
                            "pending",
                            t.tokenId(),
                            t.fromId(),
                            t.toId(),
                            t.quantity(),
                            t.reason(),
                            t.requestedBy(),
                            t.requestedAt())));
  }
}
