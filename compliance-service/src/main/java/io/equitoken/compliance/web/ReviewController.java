package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.Decision;
import io.equitoken.compliance.kyc.DecisionCommand;
import io.equitoken.compliance.kyc.KycState;
import io.equitoken.compliance.kyc.PageKey;
import io.equitoken.compliance.kyc.Reviews;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.Roles;
import io.equitoken.platform.web.input.CursorPage;
import io.equitoken.platform.web.input.QueryParams;
import jakarta.validation.Valid;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.CacheControl;
import org.springframework.http.ContentDisposition;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** The review workflow for compliance officers and operators. */
@RestController
public class ReviewController {

  private static final Logger audit = LoggerFactory.getLogger("io.equitoken.compliance.audit");
  private static final List<String> LISTABLE =
      List.of("pending", "approved", "rejected", "revision_required", "expired");

  private final Reviews reviews;
  private final Clock clock;

  public ReviewController(Reviews reviews, Clock clock) {
    this.reviews = reviews;
    this.clock = clock;
  }

  @GetMapping(path = "/compliance/reviews", produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<List<ReviewSummary>> queue(
      @RequestParam(required = false) String status,
      @RequestParam(required = false) String limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    String wanted = status == null ? "pending" : QueryParams.oneOf(status, "status", LISTABLE);
    CursorPage.Request page = CursorPage.request(limit, cursor, 2);
    PageKey after =
        page.after() == null ? null : new PageKey(page.after().instant(0), page.after().uuid(1));
    Instant now = clock.instant();
    return reviews
        .queue(KycState.fromWire(wanted), after, page.fetch())
        .collectList()
        .map(
            rows ->
                page
                    .answer(rows, exchange, s -> CursorPage.encode(s.submittedAt(), s.id()))
                    .stream()
                    .map(s -> ReviewSummary.of(s, now))
                    .toList());
  }

  @GetMapping(
      path = "/compliance/reviews/{submissionId}",
      produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<ReviewDetail> review(@PathVariable String submissionId) {
    UUID id = QueryParams.uuid(submissionId, "submissionId");
    return reviews.review(id).map(review -> ReviewDetail.of(review, clock.instant()));
  }

  @GetMapping(path = "/compliance/reviews/{submissionId}/documents/{documentId}")
  public Mono<ResponseEntity<byte[]>> document(
      @PathVariable("submissionId") String submission,
      @PathVariable("documentId") String document) {
    UUID submissionId = QueryParams.uuid(submission, "submissionId");
    UUID documentId = QueryParams.uuid(document, "documentId");
    return Caller.current()
        .flatMap(
            caller -> {
              // separation of duties: a token that also carries another role (e.g. an operator
              // who granted itself compliance_officer) never opens a document
              if (!caller.roles().equals(Set.of(Roles.COMPLIANCE_OFFICER))) {
                audit.warn(
                    "document {} of submission {} refused to {} with roles {}",
                    documentId,
                    submissionId,
                    caller.principalId(),
                    caller.roles());
                return Mono.error(
                    Refusal.forbidden(
                            "separation-of-duties",
                            "Documents open only for a token whose sole role is"
                                + " compliance_officer.")
                        .exception());
              }
              audit.info(
                  "document {} of submission {} opened by {}",
                  documentId,
                  submissionId,
                  caller.principalId());
              return reviews.document(submissionId, documentId);
            })
        .map(
            opened ->
                ResponseEntity.ok()
                    .contentType(MediaType.parseMediaType(opened.info().contentType()))
                    .cacheControl(CacheControl.noStore())
                    .header("X-Content-Type-Options", "nosniff")
                    .header("X-Document-Sha256", opened.info().sha256())
                    .header(
                        "Content-Disposition",
                        ContentDisposition.attachment()
                            .filename(opened.info().id() + extension(opened.info().contentType()))
                            .build()
                            .toString())
                    .body(opened.content()));
  }

  @PostMapping(
      path = "/compliance/reviews/{submissionId}/decision",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<DecisionResponse> decide(
      @PathVariable("submissionId") String submission,
      @Valid @RequestBody DecisionRequest request) {
    UUID submissionId = QueryParams.uuid(submission, "submissionId");
    return Caller.current()
        .flatMap(
            caller ->
                reviews.decide(
                    submissionId,
                    new DecisionCommand(
                        caller.principalId(),
                        caller.roles(),
                        Decision.fromWire(request.decision()).orElseThrow(),
                        Boolean.TRUE.equals(request.retryable()),
                        request.reason())))
        .map(DecisionResponse::of);
  }

  private static String extension(String contentType) {
    return switch (contentType) {
      case "application/pdf" -> ".pdf";
      case "image/jpeg" -> ".jpg";
      case "image/png" -> ".png";
      default -> "";
    };
  }
}
