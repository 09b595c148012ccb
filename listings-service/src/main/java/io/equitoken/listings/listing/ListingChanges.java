package io.equitoken.listings.listing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** An edit: every non-null member replaces the listing's current value; null leaves it as is. */
public record ListingChanges(
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

  public ListingContent applyTo(ListingContent c) {
    return new ListingContent(
        pick(name, c.name()),
        pick(description, c.description()),
        pick(problem, c.problem()),
        pick(solution, c.solution()),
        pick(sector, c.sector()),
        pick(stage, c.stage()),
        pick(country, c.country()),
        pick(raiseTarget, c.raiseTarget()),
        pick(team, c.team()),
        pick(documents, c.documents()));
  }

  /** The wire names of the members whose value actually differs between two contents. */
  public static List<String> changedFields(ListingContent before, ListingContent after) {
    List<String> changed = new ArrayList<>();
    add(changed, "name", before.name(), after.name());
    add(changed, "description", before.description(), after.description());
    add(changed, "problem", before.problem(), after.problem());
    add(changed, "solution", before.solution(), after.solution());
    add(changed, "sector", before.sector(), after.sector());
    add(changed, "stage", before.stage(), after.stage());
    add(changed, "country", before.country(), after.country());
    if (before.raiseTarget().compareTo(after.raiseTarget()) != 0) {
      changed.add("raiseTarget");
    }
    add(changed, "team", before.team(), after.team());
    add(changed, "documents", before.documents(), after.documents());
    return changed;
  }

  private static void add(List<String> changed, String field, Object before, Object after) {
    if (!Objects.equals(before, after)) {
      changed.add(field);
    }
  }

  private static <T> T pick(T change, T current) {
    return change != null ? change : current;
  }
}
