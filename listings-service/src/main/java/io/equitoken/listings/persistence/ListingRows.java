package io.equitoken.listings.persistence;

import io.equitoken.listings.listing.Country;
import io.equitoken.listings.listing.Document;
import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingContent;
import io.equitoken.listings.listing.ListingStatus;
import io.equitoken.listings.listing.Sector;
import io.equitoken.listings.listing.Stage;
import io.equitoken.listings.listing.TeamMember;
import io.equitoken.listings.listing.Tokenomics;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Maps listing rows (joined with their token) to the domain and team/documents to JSON. */
final class ListingRows {

  static final String SELECT =
      "select l.id, l.founder_id, l.name, l.description, l.problem, l.solution, l.sector,"
          + " l.stage, l.country, l.raise_target, l.raise_progress, l.team::text as team,"
          + " l.documents::text as documents, l.status, l.created_at, l.updated_at,"
          + " t.id as token_id, t.supply as token_supply, t.price as token_price"
          + " from listing l left join token t on t.listing_id = l.id";

  private static final TypeReference<List<TeamMemberRow>> TEAM = new TypeReference<>() {};
  private static final TypeReference<List<DocumentRow>> DOCUMENTS = new TypeReference<>() {};

  /** Stored shapes of the JSON columns, decoupled from the domain records. */
  record TeamMemberRow(String name, String role) {}

  record DocumentRow(String title, String url) {}

  private final JsonMapper json;

  ListingRows(JsonMapper json) {
    this.json = json;
  }

  Listing toListing(Readable row) {
    String tokenId = row.get("token_id", String.class);
    Tokenomics tokenomics =
        tokenId == null
            ? null
            : new Tokenomics(
                tokenId,
                row.get("token_supply", BigDecimal.class),
                row.get("token_price", BigDecimal.class));
    ListingContent content =
        new ListingContent(
            row.get("name", String.class),
            row.get("description", String.class),
            row.get("problem", String.class),
            row.get("solution", String.class),
            Sector.parse(row.get("sector", String.class)).orElseThrow(),
            Stage.parse(row.get("stage", String.class)).orElseThrow(),
            new Country(row.get("country", String.class)),
            row.get("raise_target", BigDecimal.class),
            json.readValue(row.get("team", String.class), TEAM).stream()
                .map(t -> new TeamMember(t.name(), t.role()))
                .toList(),
            json.readValue(row.get("documents", String.class), DOCUMENTS).stream()
                .map(d -> new Document(d.title(), d.url()))
                .toList());
    return new Listing(
        row.get("id", String.class),
        row.get("founder_id", String.class),
        content,
        ListingStatus.fromValue(row.get("status", String.class)),
        row.get("raise_progress", BigDecimal.class),
        tokenomics,
        row.get("created_at", Instant.class),
        row.get("updated_at", Instant.class));
  }

  String teamJson(ListingContent content) {
    return json.writeValueAsString(
        content.team().stream().map(t -> new TeamMemberRow(t.name(), t.role())).toList());
  }

  String documentsJson(ListingContent content) {
    return json.writeValueAsString(
        content.documents().stream().map(d -> new DocumentRow(d.title(), d.url())).toList());
  }
}
