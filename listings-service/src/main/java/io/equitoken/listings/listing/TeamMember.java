package io.equitoken.listings.listing;

/** A person behind the startup and their role in it. */
public record TeamMember(String name, String role) {}
