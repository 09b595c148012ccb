package io.equitoken.listings.web;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.util.List;

/**
 * Request bodies of the write path, with their bounds. Amounts are money in EUR (raiseTarget, at
 * most cents) or tokens (supply, whole tokens); prices have at most 8 decimals.
 */
final class ListingRequests {

  static final String NOT_BLANK = "(?s).*\\S.*";
  // names sort and page (keyset cursors); control characters have no place in them
  static final String NAME = "(?=.*\\S)[^\\p{Cntrl}]+";
  static final String NAME_MESSAGE = "must not be blank or contain control characters";
  static final String RAISE_TARGET_MAX = "10000000000000"; // 10 trillion EUR: beyond any raise

  private ListingRequests() {}

  record TeamMemberBody(
      @NotBlank @Size(max = 120) String name, @NotBlank @Size(max = 120) String role) {}

  record DocumentBody(
      @NotBlank @Size(max = 200) String title, @NotBlank @Size(max = 2048) String url) {}

  record CreateListing(
      @NotBlank @Size(max = 120) @Pattern(regexp = NAME, message = NAME_MESSAGE) String name,
      @NotBlank @Size(max = 5000) String description,
      @NotBlank @Size(max = 2000) String problem,
      @NotBlank @Size(max = 2000) String solution,
      @NotBlank @Size(max = 40) String sector,
      @NotBlank @Size(max = 40) String stage,
      @NotBlank @Size(max = 40) String country,
      @NotNull
          @DecimalMin(value = "0", inclusive = false)
          @DecimalMax(RAISE_TARGET_MAX)
          @Digits(integer = 14, fraction = 2)
          BigDecimal raiseTarget,
      @Size(max = 50) List<@NotNull @Valid TeamMemberBody> team,
      @Size(max = 50) List<@NotNull @Valid DocumentBody> documents,
      @Size(min = 1, max = 128) @Pattern(regexp = NOT_BLANK, message = "must not be blank")
          String founderId) {}

  /** An edit: members left out (or null) keep their current value. */
  record UpdateListing(
      @Size(max = 120) @Pattern(regexp = NAME, message = NAME_MESSAGE) String name,
      @Size(max = 5000) @Pattern(regexp = NOT_BLANK, message = "must not be blank")
          String description,
      @Size(max = 2000) @Pattern(regexp = NOT_BLANK, message = "must not be blank") String problem,
      @Size(max = 2000) @Pattern(regexp = NOT_BLANK, message = "must not be blank") String solution,
      @Size(max = 40) String sector,
      @Size(max = 40) String stage,
      @Size(max = 40) String country,
      @DecimalMin(value = "0", inclusive = false)
          @DecimalMax(RAISE_TARGET_MAX)
          @Digits(integer = 14, fraction = 2)
          BigDecimal raiseTarget,
      @Size(max = 50) List<@NotNull @Valid TeamMemberBody> team,
      @Size(max = 50) List<@NotNull @Valid DocumentBody> documents) {}

  record SuspendListing(@Size(max = 500) String reason) {}

  record CompartmentBody(
      @NotBlank @Size(max = 2) String jurisdiction,
      @NotBlank @Size(max = 500) String structure,
      @NotNull Boolean bankruptcyRemote) {}

  record IssueToken(
      @NotBlank @Size(max = 32) String isin,
      @NotBlank @Size(max = 120) String tokenName,
      @NotNull @DecimalMin("1") @DecimalMax("1000000000000000") @Digits(integer = 16, fraction = 0)
          BigDecimal supply,
      @NotNull
          @DecimalMin(value = "0", inclusive = false)
          @DecimalMax("1000000000")
          @Digits(integer = 10, fraction = 8)
          BigDecimal initialPrice,
      @DecimalMin(value = "0", inclusive = false) @Digits(integer = 26, fraction = 8)
          BigDecimal valuation,
      @NotNull @Valid CompartmentBody compartment) {}
}
