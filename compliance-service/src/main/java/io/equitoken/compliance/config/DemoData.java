package io.equitoken.compliance.config;

import io.equitoken.compliance.kyc.AccreditationBasis;
import io.equitoken.compliance.kyc.Decision;
import io.equitoken.compliance.kyc.DecisionCommand;
import io.equitoken.compliance.kyc.DocumentType;
import io.equitoken.compliance.kyc.KycDetails;
import io.equitoken.compliance.kyc.KycState;
import io.equitoken.compliance.kyc.KycSubmissions;
import io.equitoken.compliance.kyc.Reviews;
import io.equitoken.compliance.kyc.Upload;
import io.equitoken.platform.web.Roles;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Demo investors for local runs ({@code EQUITOKEN_DEMO_DATA=true}), created through the same domain
 * paths as real ones (so audit records and events exist too). Idempotent: an investor who already
 * has a submission is left alone.
 */
@Component
@ConditionalOnProperty(name = "equitoken.demo-data", havingValue = "true")
public class DemoData implements ApplicationRunner {

  public static final String OFFICER = "officer-olga";
  private static final Logger log = LoggerFactory.getLogger(DemoData.class);

  /** One demo investor and where their verification should stand. */
  record DemoInvestor(
      String id,
      String name,
      LocalDate born,
      String country,
      boolean accredited,
      Decision decision) {}

  static final List<DemoInvestor> INVESTORS =
      List.of(
          new DemoInvestor(
              "inv-alice", "Alice Demo", LocalDate.of(1985, 3, 14), "DE", true, Decision.APPROVED),
          new DemoInvestor(
              "inv-bob", "Bob Demo", LocalDate.of(1990, 7, 2), "FR", false, Decision.APPROVED),
          new DemoInvestor(
              "inv-carol", "Carol Demo", LocalDate.of(1978, 11, 23), "NL", false, null),
          new DemoInvestor(
              "inv-dave",
              "Dave Demo",
              LocalDate.of(1995, 1, 9),
              "IE",
              false,
              Decision.REVISION_REQUIRED));

  private final KycSubmissions submissions;
  private final Reviews reviews;

  public DemoData(KycSubmissions submissions, Reviews reviews) {
    this.submissions = submissions;
    this.reviews = reviews;
  }

  @Override
  public void run(ApplicationArguments args) {
    Long created = load().block(Duration.ofMinutes(1));
    log.info("Demo data: {} demo investors created", created);
  }

  /** Creates the demo investors that do not exist yet; answers how many were created. */
  public Mono<Long> load() {
    return Flux.fromIterable(INVESTORS)
        .concatMap(
            investor ->
                submissions
                    .statusOf(investor.id())
                    .filter(status -> status.kycState() == KycState.NOT_STARTED)
                    .flatMap(absent -> create(investor)))
        .count();
  }

  private Mono<Boolean> create(DemoInvestor investor) {
    List<DocumentType> types =
        new ArrayList<>(List.of(DocumentType.PASSPORT, DocumentType.PROOF_OF_ADDRESS));
    List<Upload> uploads = new ArrayList<>();
    uploads.add(new Upload("passport.png", "image/png", DemoDocuments.png(64, 40)));
    uploads.add(
        new Upload(
            "utility-bill.pdf", "application/pdf", DemoDocuments.pdf("Demo proof of address")));
    if (investor.accredited()) {
      types.add(DocumentType.ACCREDITATION_EVIDENCE);
      uploads.add(
          new Upload(
              "accountant-letter.pdf",
              "application/pdf",
              DemoDocuments.pdf("Demo accreditation letter")));
    }
    KycDetails details =
        new KycDetails(
            investor.name(),
            investor.born(),
            investor.country(),
            investor.accredited() ? AccreditationBasis.NET_WORTH : null,
            types);
    return submissions
        .submit(investor.id(), details, uploads)
        .flatMap(
            submitted ->
                investor.decision() == null
                    ? Mono.just(true)
                    : reviews
                        .decide(
                            submitted.submission().id(),
                            new DecisionCommand(
                                OFFICER,
                                Set.of(Roles.COMPLIANCE_OFFICER),
                                investor.decision(),
                                false,
                                reason(investor.decision())))
                        .thenReturn(true));
  }

  private static String reason(Decision decision) {
    return decision == Decision.APPROVED
        ? "Demo: identity and address verified."
        : "Demo: the proof of address is older than three months; upload a recent one.";
  }
}
