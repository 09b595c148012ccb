package io.equitoken.identity.apikey;

import java.util.List;

/** One page of a principal's keys; {@code next} is the position to continue after, or null. */
public record KeyPage(List<ApiKey> keys, KeyPosition next) {}
