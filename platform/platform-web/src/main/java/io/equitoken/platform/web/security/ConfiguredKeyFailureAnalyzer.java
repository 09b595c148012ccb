package io.equitoken.platform.web.security;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a {@link ConfiguredKey.Refused} at start-up as Spring Boot's short "APPLICATION FAILED TO
 * START" text — the setting, the variable and why — without a stack trace and without the value.
 */
public final class ConfiguredKeyFailureAnalyzer
    extends AbstractFailureAnalyzer<ConfiguredKey.Refused> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, ConfiguredKey.Refused cause) {
    return new FailureAnalysis(
        "The key setting '" + cause.property() + "' cannot be used. " + cause.getMessage(),
        "Set " + cause.variable() + " to this installation's key (it is never shown here).",
        cause);
  }
}
