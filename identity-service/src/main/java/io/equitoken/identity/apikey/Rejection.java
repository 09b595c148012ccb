package io.equitoken.identity.apikey;

/** Why the domain refused a command: a stable code and a sentence a caller can act on. */
public record Rejection(String code, String reason) {}
