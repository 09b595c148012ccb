package io.equitoken.identity.web;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** Body of {@code POST /auth/token}, as the spec shows it. */
record TokenRequest(
    @NotBlank @Size(max = 128) String apiKey, @NotBlank @Size(max = 256) String secret) {

  @Override
  public String toString() {
    return "TokenRequest[" + apiKey + ", secret=redacted]";
  }
}
