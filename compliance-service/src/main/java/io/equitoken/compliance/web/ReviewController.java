package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.Decision;
import io.equitoken.compliance.kyc.DecisionCommand;
import io.equitoken.compliance.kyc.KycState;
import io.equitoken.compliance.kyc.KycSubmission;
import io.equitoken.compliance.kyc.PageKey;
import io.equitoken.compliance.kyc.Reviews;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.Cursors;
import io.equitoken.platform.web.ProblemException;
import io.equitoken.platform.web.Roles;
import jakarta.validation.Valid;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
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
  private static final Set<String> LISTABLE =
      Set.of("pending", "approved", "rejected", "revision_required", "expired");

  private final Reviews reviews;
  private final Clock clock;

  public ReviewController(Reviews reviews, Clock clock) {
    this.reviews = reviews;
    this.clock = clock;
  }

  @GetMapping(path = "/compliance/reviews", produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<List<ReviewSummary>> queue(
      @RequestParam(defaultValue = "pending") String status,
      @RequestParam(required = false) Integer limit,
      @RequestParam(required = false) String cursor,
      ServerWebExchange exchange) {
    if (!LISTABLE.contains(status)) {
      throw ProblemException.badRequest(
              "validation-failed",
              "status must be one of pending, approved, rejected, revision_required, expired")
          .with("field", "status");
    }
    int size = Cursors.limit(limit);
    PageKey after = cursor == null ? null : pageKey(cursor);
    Instant now = clock.instant();
    return reviews
        .queue(KycState.fromWire(status), after, size + 1)
        .collectList()
        .map(rows -> page(rows, size, now, exchange));
  }

  @GetMapping(
      path = "/compliance/reviews/{submissionId}",
      produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<ReviewDetail> review(@PathVariable UUID submissionId) {
    return reviews.review(submissionId).map(review -> ReviewDetail.of(review, clock.instant()));
  }

  @GetMapping(path = "/compliance/reviews/{submissionId}/documents/{documentId}")
  public Mono<ResponseEntity<byte[]>> document(
      @PathVariable UUID submissionId, @PathVariable UUID documentId) {
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
                    ProblemException.forbidden(
                        "separation-of-duties",
                        "Documents open only for a token whose sole role is"
                            + " compliance_officer."));
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
      @PathVariable UUID submissionId, @Valid @RequestBody DecisionRequest request) {
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

  /** One page as a bare array, like every list of the API; the next one is in {@code Link}. */
  private static List<ReviewSummary> page(
      List<KycSubmission> rows, int size, Instant now, ServerWebExchange exchange) {
    boolean more = rows.size() > size;
    List<KycSubmission> items = more ? rows.subList(0, size) : rows;
    if (more) {
      KycSubmission last = items.get(items.size() - 1);
      Cursors.linkNext(
          exchange, Cursors.encode(last.submittedAt().toString(), last.id().toString()));
    }
    return items.stream().map(s -> ReviewSummary.of(s, now)).toList();
  }

  private static PageKey pageKey(String cursor) {
    List<String> parts = Cursors.decode(cursor, 2);
    try {
      // Cursors.instant: only timestamps PostgreSQL can hold (+999999999-… was a 500)
      return new PageKey(Cursors.instant(parts.get(0)), UUID.fromString(parts.get(1)));
    } catch (DateTimeParseException | IllegalArgumentException e) {
      throw ProblemException.badRequest("invalid-cursor", "The cursor is not one this API issued.")
          .with("field", "cursor");
    }
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
