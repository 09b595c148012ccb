package io.equitoken.trading.engine;

import io.equitoken.trading.engine.EngineState.Holding;
import io.equitoken.trading.engine.EngineState.RestingOrder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Versioned binary form of {@link EngineState}; in-memory streams only, no I/O. */
final class EngineStateCodec {
  private static final int MAGIC_V1 = 0x45544531; // "ETE1": no rules state
  private static final int MAGIC = 0x45544532; // "ETE2": ETE1 followed by the rules state

  private EngineStateCodec() {}

  static byte[] encode(EngineState s) {
    // sized for the whole state up front: growing it copied the book over and over
    ByteArrayOutputStream bytes =
        new ByteArrayOutputStream(
            512 + 24 * s.holdings().size() + 32 * (s.bids().size() + s.asks().size()));
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(MAGIC);
      out.writeLong(s.issuePriceTicks());
      out.writeByte(s.phase().ordinal());
      out.writeLong(s.band().lowTicks());
      out.writeLong(s.band().highTicks());
      out.writeLong(s.lastTradePriceTicks());
      out.writeLong(s.lastTradeId());
      out.writeInt(s.holdings().size());
      for (Holding h : s.holdings()) {
        out.writeLong(h.owner());
        out.writeLong(h.lots());
        out.writeLong(h.reservedLots());
      }
      writeOrders(out, s.bids());
      writeOrders(out, s.asks());
      writeRulesState(out, s.rules());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  static EngineState decode(byte[] data) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
      int magic = in.readInt();
      if (magic != MAGIC && magic != MAGIC_V1) {
        throw new IllegalArgumentException("Expected an engine snapshot, but the header differs");
      }
      long issue = in.readLong();
      WindowPhase phase = WindowPhase.values()[in.readByte()];
      PriceBand band = new PriceBand(in.readLong(), in.readLong());
      long lastPrice = in.readLong();
      long lastTradeId = in.readLong();
      int n = in.readInt();
      List<Holding> holdings = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        holdings.add(new Holding(in.readLong(), in.readLong(), in.readLong()));
      }
      List<RestingOrder> bids = readOrders(in);
      List<RestingOrder> asks = readOrders(in);
      RulesState rules = magic == MAGIC ? readRulesState(in) : RulesState.EMPTY;
      return new EngineState(
          issue, phase, band, lastPrice, lastTradeId, holdings, bids, asks, rules);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void writeOrders(DataOutputStream out, List<RestingOrder> orders)
      throws IOException {
    out.writeInt(orders.size());
    for (RestingOrder o : orders) {
      out.writeLong(o.orderId());
      out.writeLong(o.owner());
      out.writeLong(o.priceTicks());
      out.writeLong(o.lots());
    }
  }

  private static List<RestingOrder> readOrders(DataInputStream in) throws IOException {
    int n = in.readInt();
    List<RestingOrder> orders = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      orders.add(new RestingOrder(in.readLong(), in.readLong(), in.readLong(), in.readLong()));
    }
    return orders;
  }

  private static void writeRulesState(DataOutputStream out, RulesState r) throws IOException {
    out.writeLong(r.nowMillis());
    out.writeLong(r.version());
    writeRules(out, r.rules());
    out.writeLong(r.effectiveAtMillis());
    out.writeLong(r.scheduledVersion());
    out.writeBoolean(r.scheduled() != null);
    if (r.scheduled() != null) {
      writeRules(out, r.scheduled());
    }
    out.writeLong(r.scheduledAtMillis());
    out.writeInt(r.investors().size());
    for (RulesState.Investor i : r.investors()) {
      out.writeLong(i.owner());
      writeNullable(out, i.jurisdiction());
      out.writeBoolean(i.accredited());
      out.writeBoolean(i.issuer());
    }
    out.writeInt(r.lots().size());
    for (RulesState.Lot l : r.lots()) {
      out.writeLong(l.owner());
      out.writeLong(l.atMillis());
      out.writeByte(l.acquisition().ordinal());
      out.writeLong(l.lots());
    }
  }

  private static RulesState readRulesState(DataInputStream in) throws IOException {
    long now = in.readLong();
    long version = in.readLong();
    TransferRules rules = readRules(in);
    long effectiveAt = in.readLong();
    long scheduledVersion = in.readLong();
    TransferRules scheduled = in.readBoolean() ? readRules(in) : null;
    long scheduledAt = in.readLong();
    int n = in.readInt();
    List<RulesState.Investor> investors = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      investors.add(
          new RulesState.Investor(
              in.readLong(), readNullable(in), in.readBoolean(), in.readBoolean()));
    }
    int m = in.readInt();
    List<RulesState.Lot> lots = new ArrayList<>(m);
    RulesState.Acquisition[] kinds = RulesState.Acquisition.values();
    for (int i = 0; i < m; i++) {
      lots.add(
          new RulesState.Lot(in.readLong(), in.readLong(), kinds[in.readByte()], in.readLong()));
    }
    return new RulesState(
        now,
        version,
        rules,
        effectiveAt,
        scheduledVersion,
        scheduled,
        scheduledAt,
        investors,
        lots);
  }

  private static void writeRules(DataOutputStream out, TransferRules r) throws IOException {
    writeOptional(out, r.maxHolders());
    writeOptional(out, r.maxNonAccreditedHolders());
    out.writeBoolean(r.accreditedOnly());
    writeCountries(out, r.allowedJurisdictions());
    writeCountries(out, r.blockedJurisdictions());
    writeOptional(out, r.maxHoldingLots());
    writeOptional(out, r.lockupDays());
    out.writeBoolean(r.lockupAllPurchases());
    writeOptional(out, r.minOrderLots());
  }

  private static TransferRules readRules(DataInputStream in) throws IOException {
    return new TransferRules(
        readOptional(in),
        readOptional(in),
        in.readBoolean(),
        readCountries(in),
        readCountries(in),
        readOptional(in),
        readOptional(in),
        in.readBoolean(),
        readOptional(in));
  }

  private static void writeOptional(DataOutputStream out, Long value) throws IOException {
    out.writeLong(value == null ? -1 : value);
  }

  private static Long readOptional(DataInputStream in) throws IOException {
    long v = in.readLong();
    return v < 0 ? null : v;
  }

  private static void writeCountries(DataOutputStream out, java.util.Set<String> countries)
      throws IOException {
    out.writeInt(countries.size());
    for (String c : countries) {
      out.writeUTF(c);
    }
  }

  private static java.util.Set<String> readCountries(DataInputStream in) throws IOException {
    int n = in.readInt();
    java.util.Set<String> result = new java.util.TreeSet<>();
    for (int i = 0; i < n; i++) {
      result.add(in.readUTF());
    }
    return result;
  }

  private static void writeNullable(DataOutputStream out, String value) throws IOException {
    out.writeBoolean(value != null);
    if (value != null) {
      out.writeUTF(value);
    }
  }

  private static String readNullable(DataInputStream in) throws IOException {
    return in.readBoolean() ? in.readUTF() : null;
  }
}
