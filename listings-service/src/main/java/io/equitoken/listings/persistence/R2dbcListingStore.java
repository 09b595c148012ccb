package io.equitoken.listings.persistence;

import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingContent;
import io.equitoken.listings.listing.ListingFilter;
import io.equitoken.listings.listing.ListingStore;
import io.equitoken.listings.listing.PageKey;
import io.equitoken.platform.web.cache.NotifiedCache;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

@Repository
class R2dbcListingStore implements ListingStore {

  private final DatabaseClient db;
  private final ListingRows rows;
  private final NotifiedCache<String, Listing> readCache;

  /**
   * Every write also tells this replica's read cache at once, so that a caller who reads right
   * after its own write is not answered from memory; the commit's notification tells every replica.
   */
  R2dbcListingStore(DatabaseClient db, JsonMapper json, NotifiedCache<String, Listing> readCache) {
    this.db = db;
    this.rows = new ListingRows(json);
    this.readCache = readCache;
  }

  @Override
  public Mono<Listing> findById(String id) {
    return db.sql(ListingRows.SELECT + " where l.id = :id")
        .bind("id", id)
        .map(rows::toListing)
        .one();
  }

  @Override
  public Mono<Listing> findByIdForUpdate(String id) {
    return db.sql(ListingRows.SELECT + " where l.id = :id for update of l")
        .bind("id", id)
        .map(rows::toListing)
        .one();
  }

  @Override
  public Flux<Listing> findActive(ListingFilter filter, PageKey after, int limit) {
    StringBuilder sql = new StringBuilder(ListingRows.SELECT).append(" where l.status = 'active'");
    Map<String, Object> params = new LinkedHashMap<>();
    if (filter.sector() != null) {
      sql.append(" and l.sector = :sector");
      params.put("sector", filter.sector().value());
    }
    if (filter.stage() != null) {
      sql.append(" and l.stage = :stage");
      params.put("stage", filter.stage().value());
    }
    if (filter.country() != null) {
      sql.append(" and l.country = :country");
      params.put("country", filter.country().code());
    }
    if (after != null) {
      sql.append(" and (l.name_key, l.id) > (:afterName, :afterId)");
      params.put("afterName", after.nameKey());
      params.put("afterId", after.id());
    }
    sql.append(" order by l.name_key, l.id limit :limit");
    params.put("limit", limit);
    DatabaseClient.GenericExecuteSpec spec = db.sql(sql.toString());
    for (Map.Entry<String, Object> param : params.entrySet()) {
      spec = spec.bind(param.getKey(), param.getValue());
    }
    return spec.map(rows::toListing).all();
  }

  @Override
  public Mono<Void> insert(Listing listing) {
    return write(
        db.sql(
                "insert into listing (id, founder_id, name, name_key, description, problem,"
                    + " solution, sector, stage, country, raise_target, raise_progress, team,"
                    + " documents, status, created_at, updated_at) values (:id, :founder, :name,"
                    + " :nameKey, :description, :problem, :solution, :sector, :stage, :country,"
                    + " :raiseTarget, :raiseProgress, cast(:team as jsonb),"
                    + " cast(:documents as jsonb), :status, :createdAt, :updatedAt)")
            .bind("founder", listing.founderId())
            .bind("raiseProgress", listing.raiseProgress())
            .bind("createdAt", listing.createdAt()),
        listing);
  }

  @Override
  public Mono<Void> update(Listing listing) {
    return write(
        db.sql(
            "update listing set name = :name, name_key = :nameKey, description = :description,"
                + " problem = :problem, solution = :solution, sector = :sector, stage = :stage,"
                + " country = :country, raise_target = :raiseTarget, team = cast(:team as jsonb),"
                + " documents = cast(:documents as jsonb), status = :status, updated_at ="
                + " :updatedAt where id = :id"),
        listing);
  }

  /**
   * Binds what an insert and an update both write — the id, the content, the status and the time of
   * the change — runs the statement and tells the read cache the listing changed.
   */
  private Mono<Void> write(DatabaseClient.GenericExecuteSpec statement, Listing listing) {
    ListingContent c = listing.content();
    return statement
        .bind("id", listing.id())
        .bind("name", c.name())
        .bind("nameKey", PageKey.nameKey(c.name()))
        .bind("description", c.description())
        .bind("problem", c.problem())
        .bind("solution", c.solution())
        .bind("sector", c.sector().value())
        .bind("stage", c.stage().value())
        .bind("country", c.country().code())
        .bind("raiseTarget", c.raiseTarget())
        .bind("team", rows.teamJson(c))
        .bind("documents", rows.documentsJson(c))
        .bind("status", listing.status().value())
        .bind("updatedAt", listing.updatedAt())
        .then()
        .doOnSuccess(done -> readCache.changed(listing.id()));
  }

  @Override
  public Mono<Void> updateRaiseProgress(String id, BigDecimal raiseProgress) {
    return db.sql("update listing set raise_progress = :progress where id = :id")
        .bind("id", id)
        .bind("progress", raiseProgress)
        .then()
        .doOnSuccess(done -> readCache.changed(id));
  }
}
