package io.equitoken.compliance.kyc;

/** One invalid input member, named as the client sent it (e.g. {@code details.dateOfBirth}). */
public record FieldProblem(String field, String message) {}
