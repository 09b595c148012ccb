package io.equitoken.listings.web;

import io.equitoken.listings.listing.Country;
import io.equitoken.listings.listing.Document;
import io.equitoken.listings.listing.ListingChanges;
import io.equitoken.listings.listing.ListingContent;
import io.equitoken.listings.listing.Sector;
import io.equitoken.listings.listing.Stage;
import io.equitoken.listings.listing.TeamMember;
import io.equitoken.listings.listing.TokenIssuance;
import io.equitoken.listings.token.Isin;
import io.equitoken.platform.core.Refusal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Turns validated request bodies into domain values, or {@code 400 validation-failed} naming the
 * member (query parameters are platform {@code QueryParams}').
 */
final class WebInput {

  private WebInput() {}

  private static Sector sector(String value, String field) {
    return parse(value, field, Sector::parse, Sector::allowed);
  }

  private static Stage stage(String value, String field) {
    return parse(value, field, Stage::parse, Stage::allowed);
  }

  private static Country country(String value, String field) {
    return parse(value, field, Country::parse, Country::allowed);
  }

  private static <T> T parse(
      String value,
      String field,
      Function<String, Optional<T>> parser,
      Supplier<List<String>> allowed) {
    if (value == null) {
      return null;
    }
    return parser
        .apply(value)
        .orElseThrow(
            () ->
                Refusal.invalidMember(
                        field,
                        "must be one of the allowed values (case-insensitive): "
                            + String.join(", ", allowed.get()))
                    .with("allowed", allowed.get())
                    .exception());
  }

  static ListingContent content(ListingRequests.CreateListing body) {
    return new ListingContent(
        body.name().trim(),
        body.description(),
        body.problem(),
        body.solution(),
        sector(body.sector(), "sector"),
        stage(body.stage(), "stage"),
        country(body.country(), "country"),
        body.raiseTarget(),
        team(body.team()),
        documents(body.documents()));
  }

  static ListingChanges changes(ListingRequests.UpdateListing body) {
    return new ListingChanges(
        body.name() == null ? null : body.name().trim(),
        body.description(),
        body.problem(),
        body.solution(),
        sector(body.sector(), "sector"),
        stage(body.stage(), "stage"),
        country(body.country(), "country"),
        body.raiseTarget(),
        body.team() == null ? null : team(body.team()),
        body.documents() == null ? null : documents(body.documents()));
  }

  static TokenIssuance issuance(ListingRequests.IssueToken body) {
    String isin = Isin.canonical(body.isin());
    Isin.Problem problem = Isin.check(isin);
    if (problem != Isin.Problem.NONE) {
      throw Refusal.badRequest("invalid-isin", "isin " + problem.message + ".")
          .withField("isin")
          .exception();
    }
    Country jurisdiction = country(body.compartment().jurisdiction(), "compartment.jurisdiction");
    return new TokenIssuance(
        isin,
        body.tokenName().trim(),
        body.supply(),
        body.initialPrice(),
        body.valuation(),
        jurisdiction.code(),
        body.compartment().structure().trim(),
        body.compartment().bankruptcyRemote());
  }

  private static List<TeamMember> team(List<ListingRequests.TeamMemberBody> team) {
    if (team == null) {
      return List.of();
    }
    return team.stream().map(m -> new TeamMember(m.name().trim(), m.role().trim())).toList();
  }

  private static List<Document> documents(List<ListingRequests.DocumentBody> documents) {
    if (documents == null) {
      return List.of();
    }
    List<Document> result = new ArrayList<>();
    for (int i = 0; i < documents.size(); i++) {
      ListingRequests.DocumentBody d = documents.get(i);
      if (!Document.isAcceptableUrl(d.url())) {
        String field = "documents[" + i + "].url";
        throw Refusal.badRequest(
                "invalid-document-url", field + " must be an absolute http or https URL.")
            .withField(field)
            .exception();
      }
      result.add(new Document(d.title().trim(), d.url()));
    }
    return result;
  }
}
