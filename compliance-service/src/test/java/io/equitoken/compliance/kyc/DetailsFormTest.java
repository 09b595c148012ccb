package io.equitoken.compliance.kyc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DetailsFormTest {

  private static final LocalDate TODAY = LocalDate.of(2026, 11, 21);

  @Test
  void shouldYieldDetailsWhenEveryMemberIsValid() {
    DetailsForm form =
        new DetailsForm(
            " Ada Example ",
            "1990-04-30",
            "DE",
            "net_worth",
            List.of("passport", "proof_of_address"));

    KycDetails details = form.validate(TODAY);

    assertThat(details.legalName()).isEqualTo("Ada Example");
    assertThat(details.dateOfBirth()).isEqualTo(LocalDate.of(1990, 4, 30));
    assertThat(details.accreditationClaim()).isEqualTo(AccreditationBasis.NET_WORTH);
    assertThat(details.documentTypes())
        .containsExactly(DocumentType.PASSPORT, DocumentType.PROOF_OF_ADDRESS);
  }

  @Test
  void shouldReportEveryInvalidMemberByItsName() {
    DetailsForm form = new DetailsForm("", "30/04/1990", "Germany", "rich", List.of("selfie"));

    Refusal rejection =
        catchThrowableOfType(RefusedException.class, () -> form.validate(TODAY)).refusal();

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.BAD_REQUEST);
    assertThat(rejection.extensions().get("field")).isEqualTo("details.legalName");
    @SuppressWarnings("unchecked")
    List<Map<String, String>> errors =
        (List<Map<String, String>>) rejection.extensions().get("errors");
    assertThat(errors)
        .extracting(e -> e.get("field"))
        .containsExactly(
            "details.legalName",
            "details.dateOfBirth",
            "details.countryOfResidence",
            "details.accreditationClaim",
            "details.documentTypes[0]");
  }

  @Test
  void shouldRejectAnInvestorYoungerThanEighteen() {
    DetailsForm form = new DetailsForm("Kid", "2010-01-01", "DE", null, List.of("passport"));

    Refusal rejection =
        catchThrowableOfType(RefusedException.class, () -> form.validate(TODAY)).refusal();

    assertThat(rejection.extensions().get("field")).isEqualTo("details.dateOfBirth");
  }

  @Test
  void shouldRejectMissingDocumentTypes() {
    DetailsForm form = new DetailsForm("Ada", "1990-01-01", "DE", null, null);

    Refusal rejection =
        catchThrowableOfType(RefusedException.class, () -> form.validate(TODAY)).refusal();

    assertThat(rejection.extensions().get("field")).isEqualTo("details.documentTypes");
  }

  @Test
  void shouldKeepPersonalDataOutOfItsTextForm() {
    DetailsForm form = new DetailsForm("Ada Secret", "1990-01-01", "DE", null, List.of("passport"));

    assertThat(form.toString()).doesNotContain("Ada").doesNotContain("1990");
    assertThat(form.validate(TODAY).toString()).doesNotContain("Ada").doesNotContain("1990");
  }
}
