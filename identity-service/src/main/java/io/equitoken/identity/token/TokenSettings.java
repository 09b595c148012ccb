package io.equitoken.identity.token;

import java.time.Duration;

/** What goes into every access token: who issues it, for which audience, for how long. */
public record TokenSettings(String issuer, String audience, Duration lifetime) {}
