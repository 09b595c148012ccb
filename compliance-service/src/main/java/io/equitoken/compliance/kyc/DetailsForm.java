package io.equitoken.compliance.kyc;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code details} part as the investor sent it, every member still a string, so that each
 * problem can be reported against the member that caused it rather than as one parse failure.
 */
public record DetailsForm(
    String legalName,
    String dateOfBirth,
    String countryOfResidence,
    String accreditationClaim,
    List<String> documentTypes) {

  static final int MAX_NAME_LENGTH = 200;
  static final int MINIMUM_AGE = 18;
  private static final LocalDate EARLIEST_BIRTH = LocalDate.of(1900, 1, 1);
  private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());

  /** Validates every member and yields the details, or an INVALID rejection listing all errors. */
  public KycDetails validate(LocalDate today) {
    List<FieldProblem> problems = new ArrayList<>();
    String name = legalName == null ? "" : legalName.strip();
    if (name.isEmpty()) {
      problems.add(new FieldProblem("details.legalName", "is required"));
    } else if (name.length() > MAX_NAME_LENGTH || name.chars().anyMatch(Character::isISOControl)) {
      problems.add(
          new FieldProblem("details.legalName", "must be at most 200 printable characters"));
    }
    LocalDate birth = birthDate(today, problems);
    String country = countryOfResidence == null ? "" : countryOfResidence;
    if (!COUNTRIES.contains(country)) {
      problems.add(
          new FieldProblem(
              "details.countryOfResidence",
              "must be an ISO 3166-1 alpha-2 country code in upper case, e.g. DE"));
    }
    AccreditationBasis claim = null;
    if (accreditationClaim != null) {
      claim = AccreditationBasis.fromWire(accreditationClaim).orElse(null);
      if (claim == null) {
        problems.add(
            new FieldProblem(
                "details.accreditationClaim",
                "must be one of income, net_worth, professional_certification, institution"));
      }
    }
    List<DocumentType> types = documentTypes(problems);
    if (!problems.isEmpty()) {
      throw invalid(problems);
    }
    return new KycDetails(name, birth, country, claim, types);
  }

  private LocalDate birthDate(LocalDate today, List<FieldProblem> problems) {
    if (dateOfBirth == null) {
      problems.add(new FieldProblem("details.dateOfBirth", "is required"));
      return null;
    }
    try {
      LocalDate birth = LocalDate.parse(dateOfBirth);
      if (birth.isBefore(EARLIEST_BIRTH) || birth.isAfter(today.minusYears(MINIMUM_AGE))) {
        problems.add(
            new FieldProblem(
                "details.dateOfBirth", "must be a real date of an investor at least 18 years old"));
      }
      return birth;
    } catch (DateTimeParseException e) {
      problems.add(
          new FieldProblem("details.dateOfBirth", "must be an ISO 8601 date, e.g. 1990-04-30"));
      return null;
    }
  }

  private List<DocumentType> documentTypes(List<FieldProblem> problems) {
    if (documentTypes == null || documentTypes.isEmpty()) {
      problems.add(
          new FieldProblem("details.documentTypes", "must list the type of every document part"));
      return List.of();
    }
    List<DocumentType> types = new ArrayList<>();
    for (int i = 0; i < documentTypes.size(); i++) {
      String raw = documentTypes.get(i);
      DocumentType type = raw == null ? null : DocumentType.fromWire(raw).orElse(null);
      if (type == null) {
        problems.add(
            new FieldProblem(
                "details.documentTypes[" + i + "]",
                "must be one of passport, national_id, proof_of_address, accreditation_evidence"));
      } else {
        types.add(type);
      }
    }
    return types;
  }

  public static RefusedException invalid(List<FieldProblem> problems) {
    String detail =
        String.join("; ", problems.stream().map(p -> p.field() + " " + p.message()).toList());
    return Refusal.of(Refusal.Kind.BAD_REQUEST, "validation-failed", detail)
        .with("field", problems.get(0).field())
        .with(
            "errors",
            problems.stream().map(p -> Map.of("field", p.field(), "message", p.message())).toList())
        .exception();
  }

  @Override
  public String toString() {
    return "DetailsForm[documentTypes=" + documentTypes + "]";
  }
}
