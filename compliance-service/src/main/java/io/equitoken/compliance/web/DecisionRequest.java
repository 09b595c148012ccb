package io.equitoken.compliance.web;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Body of POST /compliance/reviews/{submissionId}/decision. */
public record DecisionRequest(
    @NotNull
        @Pattern(
            regexp = "approved|rejected|revision_required",
            message = "must be one of approved, rejected, revision_required")
        String decision,
    Boolean retryable,
    @NotBlank(message = "is required: every decision says why")
        @Size(max = 2000, message = "must be at most 2000 characters")
        String reason) {}
