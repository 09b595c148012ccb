package io.equitoken.identity.web;

import io.equitoken.identity.apikey.NewApiKey;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Body of {@code POST /developer/api-key}. */
record CreateApiKeyRequest(
    @NotBlank
        @Size(max = NewApiKey.NAME_MAX)
        @Pattern(regexp = "[^\\p{Cntrl}]*", message = "must not contain control characters")
        String name,
    @NotNull @Pattern(regexp = "[A-Za-z0-9._-]{1,64}", message = "must match [A-Za-z0-9._-]{1,64}")
        String principalId,
    @NotEmpty @Size(max = 5)
        List<
                @NotNull
                @Pattern(
                    regexp = "investor|founder|partner|compliance_officer|operator",
                    message =
                        "must be one of investor, founder, partner, compliance_officer, operator")
                String>
            roles) {

  /**
   * The request as the Idempotency-Key fingerprint sees it: role order and duplicates do not make
   * another request.
   */
  CreateApiKeyRequest canonical() {
    return new CreateApiKeyRequest(name, principalId, new TreeSet<>(roles).stream().toList());
  }

  NewApiKey toCommand() {
    return new NewApiKey(name, principalId, Set.copyOf(roles));
  }
}
