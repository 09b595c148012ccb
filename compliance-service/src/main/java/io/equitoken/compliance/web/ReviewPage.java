package io.equitoken.compliance.web;

import java.util.List;

/**
 * One page of the review queue. An object rather than a bare array because the specification shows
 * no shape for this list: {@code nextCursor} is null on the last page.
 */
public record ReviewPage(List<ReviewSummary> items, String nextCursor) {}
