package io.equitoken.trading.service.order;

import java.math.BigDecimal;

/**
 * {@code POST /trade}, parsed: {@code side} is {@code buy} or {@code sell}; {@code maxPrice} is the
 * highest price a buyer pays and the lowest a seller accepts.
 */
public record OrderRequest(String tokenId, String side, BigDecimal quantity, BigDecimal maxPrice) {}
