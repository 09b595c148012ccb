package io.equitoken.trading.service.web;

import io.equitoken.platform.web.Caller;
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
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code POST /tokens/{tokenId}/transfers}: operators move available holding (202, audited). */
@RestController
class TransferController {

  private final TransferService service;

  TransferController(TransferService service) {
    this.service = service;
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
      @PathVariable String tokenId, @Valid @RequestBody TransferBody body) {
    String token = Params.tokenId(tokenId, "tokenId");
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
