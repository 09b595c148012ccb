package io.equitoken.benchmarks.orders;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The buyers of an order load, made through the public API as a client would make them: for each,
 * the operator creates an investor API key for a fresh principal, the investor submits KYC (two
 * small PDFs), the operator approves it, and the operator records a deposit large enough for the
 * investor's share of the run. Spreading the buys over enough investors keeps each one far below
 * trading's cap of open orders per investor and token, so that the measured rates are not refused
 * with {@code 409 too-many-open-orders} (which would inflate the CPU per filled order).
 */
final class BuyingInvestors {

  /** Orders per second one investor may send at most (a tenth of the open-order cap per second). */
  static final int RATE_PER_INVESTOR = 5;

  static final int MIN_INVESTORS = 4;
  static final int MAX_INVESTORS = 100;

  /** One created investor: the principal and its key's credentials. */
  record Investor(String principalId, String apiKey, String secret) {}

  /** What the harness needs of the gateway: one JSON call, answering the parsed body. */
  interface Api {
    String call(String method, String path, String bearer, String contentType, byte[] body, int ok)
        throws Exception;
  }

  private BuyingInvestors() {}

  /**
   * How many investors carry a load whose highest rate is {@code maxRate} orders/s: one per {@link
   * #RATE_PER_INVESTOR}, at least {@link #MIN_INVESTORS}, at most {@link #MAX_INVESTORS}.
   */
  static int needed(int maxRate) {
    int n = (maxRate + RATE_PER_INVESTOR - 1) / RATE_PER_INVESTOR;
    return Math.max(MIN_INVESTORS, Math.min(MAX_INVESTORS, n));
  }

  /** The cash each investor gets: its share of the planned buys at the price, doubled. */
  static BigDecimal funding(long plannedBuys, int investors, BigDecimal price) {
    long share = (plannedBuys + investors - 1) / investors + 10;
    return price.multiply(BigDecimal.valueOf(share * 2)).setScale(2, java.math.RoundingMode.UP);
  }

  /** Creates {@code count} approved investors named {@code <prefix>-<i>}; bounded by the count. */
  static List<Investor> create(Api api, String operator, String prefix, int count)
      throws Exception {
    if (count < 1 || count > MAX_INVESTORS) {
      throw new IllegalArgumentException("1.." + MAX_INVESTORS + " investors, not " + count);
    }
    List<Investor> made = new ArrayList<>(count);
    for (int i = 1; i <= count; i++) {
      String principal = prefix + "-" + i;
      String key =
          api.call(
              "POST",
              "/developer/api-key",
              operator,
              "application/json",
              utf8(
                  "{\"name\":\"order load buyer\",\"principalId\":\""
                      + principal
                      + "\",\"roles\":[\"investor\"]}"),
              201);
      made.add(new Investor(principal, member(key, "apiKey"), member(key, "secret")));
    }
    return made;
  }

  /** The investor's KYC submission, and the operator's approval of it. */
  static void approve(Api api, String operator, Investor investor, String investorToken)
      throws Exception {
    String boundary = "----order-load-" + UUID.randomUUID();
    byte[] body = kycBody(boundary, investor.principalId());
    String accepted =
        api.call(
            "POST",
            "/compliance/kyc",
            investorToken,
            "multipart/form-data; boundary=" + boundary,
            body,
            202);
    String submission = member(accepted, "submissionId");
    api.call(
        "POST",
        "/compliance/reviews/" + submission + "/decision",
        operator,
        "application/json",
        utf8("{\"decision\":\"approved\",\"reason\":\"order load buyer\"}"),
        200);
  }

  /** The operator records a deposit for the investor (one external reference per investor). */
  static void fund(Api api, String operator, Investor investor, BigDecimal amount)
      throws Exception {
    api.call(
        "POST",
        "/cash/deposits",
        operator,
        "application/json",
        utf8(
            "{\"ownerId\":\""
                + investor.principalId()
                + "\",\"amount\":"
                + amount.toPlainString()
                + ",\"externalReference\":\"order-load-"
                + investor.principalId()
                + "\"}"),
        201);
  }

  static byte[] kycBody(String boundary, String principal) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String details =
        "{\"legalName\":\"Order Load "
            + principal
            + "\",\"dateOfBirth\":\"1990-07-02\",\"countryOfResidence\":\"FR\","
            + "\"documentTypes\":[\"passport\",\"proof_of_address\"]}";
    part(out, boundary, "details", null, "application/json", utf8(details));
    part(out, boundary, "documents", "passport.pdf", "application/pdf", PDF);
    part(out, boundary, "documents", "address.pdf", "application/pdf", PDF);
    out.writeBytes(utf8("--" + boundary + "--\r\n"));
    return out.toByteArray();
  }

  private static final byte[] PDF = utf8("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n");

  private static void part(
      ByteArrayOutputStream out,
      String boundary,
      String name,
      String filename,
      String type,
      byte[] content) {
    out.writeBytes(
        utf8(
            "--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\""
                + name
                + "\""
                + (filename == null ? "" : "; filename=\"" + filename + "\"")
                + "\r\nContent-Type: "
                + type
                + "\r\n\r\n"));
    out.writeBytes(content);
    out.writeBytes(utf8("\r\n"));
  }

  /** A string member of a JSON answer. */
  static String member(String json, String name) {
    tools.jackson.databind.JsonNode value = JSON.readTree(json).get(name);
    if (value == null || !value.isString()) {
      throw new IllegalStateException("no " + name + " in " + json);
    }
    return value.asString();
  }

  private static final tools.jackson.databind.json.JsonMapper JSON =
      tools.jackson.databind.json.JsonMapper.builder().build();

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
