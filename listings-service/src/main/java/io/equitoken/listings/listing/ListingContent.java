package io.equitoken.listings.listing;

import io.equitoken.listings.kernel.Amounts;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/** Everything a founder writes about their listing; shapes are validated at the edge. */
public record ListingContent(
    String name,
    String description,
    String problem,
    String solution,
    Sector sector,
    Stage stage,
    Country country,
    BigDecimal raiseTarget,
    List<TeamMember> team,
    List<Document> documents) {

  public ListingContent {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(sector, "sector");
    Objects.requireNonNull(stage, "stage");
    Objects.requireNonNull(country, "country");
    Objects.requireNonNull(raiseTarget, "raiseTarget");
    raiseTarget = Amounts.normalize(raiseTarget);
    team = team == null ? List.of() : List.copyOf(team);
    documents = documents == null ? List.of() : List.copyOf(documents);
  }
}
