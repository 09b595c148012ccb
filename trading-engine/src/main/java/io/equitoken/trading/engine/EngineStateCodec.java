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
  private static final int MAGIC = 0x45544531; // "ETE1"

  private EngineStateCodec() {}

  static byte[] encode(EngineState s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * s.bids().size());
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
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  static EngineState decode(byte[] data) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
      if (in.readInt() != MAGIC) {
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
      return new EngineState(issue, phase, band, lastPrice, lastTradeId, holdings, bids, asks);
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
}
