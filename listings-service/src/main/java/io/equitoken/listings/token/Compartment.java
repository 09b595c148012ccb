package io.equitoken.listings.token;

/**
 * The ring-fenced legal compartment (e.g. of a securitisation vehicle) that holds the startup
 * equity backing a token. Read-only once the token is issued.
 */
public record Compartment(
    String compartmentId, String jurisdiction, String structure, boolean bankruptcyRemote) {}
