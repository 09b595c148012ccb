package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.CheckedDocument;
import io.equitoken.compliance.kyc.DocumentChecks;
import io.equitoken.compliance.kyc.KycSubmissions;
import io.equitoken.compliance.kyc.Upload;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.web.Caller;
import io.equitoken.platform.web.idempotency.Idempotency;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.codec.HttpMessageReader;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.codec.multipart.FilePart;
import org.springframework.http.codec.multipart.Part;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The investor's endpoints: submit KYC material, read one's own status. */
@RestController
public class KycController {

  /** The operation Idempotency-Keys are scoped to (platform-web {@link Idempotency}). */
  static final String SUBMIT = "POST /compliance/kyc";

  private static final ResolvableType PART = ResolvableType.forClass(Part.class);

  private final KycSubmissions submissions;
  private final DetailsPart detailsPart;
  private final Idempotency idempotency;
  private final HttpMessageReader<Part> partReader;

  @SuppressWarnings("unchecked")
  public KycController(
      KycSubmissions submissions,
      DetailsPart detailsPart,
      Idempotency idempotency,
      ServerCodecConfigurer codecs) {
    this.submissions = submissions;
    this.idempotency = idempotency;
    this.detailsPart = detailsPart;
    this.partReader =
        (HttpMessageReader<Part>)
            codecs.getReaders().stream()
                .filter(reader -> reader.canRead(PART, MediaType.MULTIPART_FORM_DATA))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("No multipart part reader"));
  }

  /**
   * The parts by name, a part without a name under {@code null}. Read with the configured part
   * reader (its limits) rather than {@code exchange.getMultipartData()}, whose collection by name
   * fails on a nameless part in the middle of the body's stream: that cancelled the reader while it
   * held a buffer, which was then released twice (an ERROR with a stack trace for every such
   * request). Here the whole body is read first and the names are judged afterwards.
   */
  private Mono<MultiValueMap<String, Part>> parts(ServerWebExchange exchange) {
    return partReader
        .read(PART, exchange.getRequest(), Map.of())
        .collectList()
        .map(
            list -> {
              MultiValueMap<String, Part> byName = new LinkedMultiValueMap<>();
              for (Part part : list) {
                byName.add(part.headers().getContentDisposition().getName(), part);
              }
              return byName;
            });
  }

  /**
   * Drops what the reader kept of the parts (memory or temporary files) once the request is done
   * with them, answered or refused, as the exchange does for {@code getMultipartData()}.
   */
  private static Mono<Void> deleteAll(MultiValueMap<String, Part> parts) {
    return Flux.fromIterable(parts.values())
        .flatMapIterable(list -> list)
        .concatMap(part -> part.delete().onErrorComplete())
        .then();
  }

  @PostMapping(
      path = "/compliance/kyc",
      consumes = MediaType.MULTIPART_FORM_DATA_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<ResponseEntity<SubmissionResponse>> submit(
      ServerWebExchange exchange,
      @RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey) {
    return Caller.current()
        .flatMap(
            caller ->
                parts(exchange)
                    .onErrorMap(KycController::isDecodingError, KycController::malformed)
                    .flatMap(
                        parts ->
                            Mono.usingWhen(
                                Mono.just(parts),
                                p ->
                                    submit(
                                        caller.principalId(),
                                        p,
                                        Idempotency.validKey(idempotencyKey)),
                                KycController::deleteAll)));
  }

  @GetMapping(path = "/compliance/status", produces = MediaType.APPLICATION_JSON_VALUE)
  public Mono<StatusResponse> status() {
    return Caller.current()
        .flatMap(caller -> submissions.statusOf(caller.principalId()))
        .map(StatusResponse::of);
  }

  private Mono<ResponseEntity<SubmissionResponse>> submit(
      String investorId, MultiValueMap<String, Part> parts, String idempotencyKey) {
    for (String name : parts.keySet()) {
      // a part without a name arrives under a null key (was a 500)
      if (name == null || (!name.equals("details") && !name.equals("documents"))) {
        return Mono.error(
            Refusal.badRequest(
                    "unexpected-part", "Only a details part and documents parts are accepted.")
                .withField(name == null ? "(unnamed part)" : name)
                .exception());
      }
    }
    List<Part> details = parts.getOrDefault("details", List.of());
    if (details.size() != 1) {
      return Mono.error(
          Refusal.badRequest("details-required", "Exactly one details part (JSON) is required.")
              .withField("details")
              .exception());
    }
    List<Part> documents = parts.getOrDefault("documents", List.of());
    return detailsPart
        .read(details.get(0), submissions.today())
        .flatMap(
            kycDetails -> {
              DocumentChecks.checkCount(documents.size(), kycDetails, submissions.limits());
              return Flux.fromIterable(documents)
                  .index()
                  .concatMap(indexed -> read(indexed.getT1().intValue(), indexed.getT2()))
                  .collectList()
                  .flatMap(
                      uploads -> {
                        List<CheckedDocument> checked = submissions.check(kycDetails, uploads);
                        // a retry with the same key, details and documents gets the first answer
                        return idempotency.execute(
                            new Idempotency.Call(
                                investorId,
                                SUBMIT,
                                idempotencyKey,
                                KycSubmissions.fingerprint(kycDetails, checked)),
                            SubmissionResponse.class,
                            () ->
                                submissions
                                    .submitChecked(investorId, kycDetails, checked)
                                    .map(
                                        submitted ->
                                            ResponseEntity.accepted()
                                                .location(URI.create("/compliance/status"))
                                                .body(SubmissionResponse.of(submitted))));
                      });
            });
  }

  private Mono<Upload> read(int index, Part part) {
    if (!(part instanceof FilePart file)) {
      return Mono.error(
          Refusal.badRequest("document-not-a-file", "Each documents part must be a file upload.")
              .withField("documents[" + index + "]")
              .exception());
    }
    long max = submissions.limits().maxFileBytes();
    String declared =
        file.headers().getContentType() == null ? null : file.headers().getContentType().toString();
    return DataBufferUtils.join(file.content(), (int) Math.min(max, Integer.MAX_VALUE))
        .map(
            buffer -> {
              byte[] bytes = new byte[buffer.readableByteCount()];
              buffer.read(bytes);
              DataBufferUtils.release(buffer);
              return new Upload(file.filename(), declared, bytes);
            })
        .defaultIfEmpty(new Upload(file.filename(), declared, new byte[0]))
        .onErrorMap(
            DataBufferLimitException.class,
            e -> submissions.limits().fileTooLarge(index).exception());
  }

  /** A malformed or over-long multipart body; size limits stay 413 (handled by the platform). */
  private static boolean isDecodingError(Throwable error) {
    boolean decoding = false;
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof DataBufferLimitException) {
        return false;
      }
      decoding |= t instanceof DecodingException;
    }
    return decoding;
  }

  private static Throwable malformed(Throwable error) {
    String message = "";
    for (Throwable t = error; t != null; t = t.getCause()) {
      message += " " + t.getMessage();
    }
    if (message.contains("maxParts") || message.contains("Too many parts")) {
      return Refusal.of(
              Refusal.Kind.PAYLOAD_TOO_LARGE,
              "too-many-documents",
              "The upload has more parts than a submission may have.")
          .withField("documents")
          .exception();
    }
    return Refusal.badRequest(
            "malformed-multipart", "The body is not a well-formed multipart/form-data upload.")
        .exception();
  }
}
