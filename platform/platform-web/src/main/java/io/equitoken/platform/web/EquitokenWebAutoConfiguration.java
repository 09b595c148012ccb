package io.equitoken.platform.web;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSecurityContextJWKSet;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import io.equitoken.platform.web.input.NumberRuleBigDecimalDeserializer;
import io.equitoken.platform.web.input.TextRule;
import io.equitoken.platform.web.input.TextRuleStringDeserializer;
import io.equitoken.platform.web.input.TextRuleWebFilter;
import io.equitoken.platform.web.input.TimestampRuleInstantDeserializer;
import io.equitoken.platform.web.problem.BodilessRefusalWebFilter;
import io.equitoken.platform.web.problem.Problem;
import io.equitoken.platform.web.problem.ProblemSecurityHandlers;
import io.equitoken.platform.web.problem.ProblemWebExceptionHandler;
import io.equitoken.platform.web.problem.ProblemWriter;
import io.equitoken.platform.web.revocation.ApiKeyRevocationValidator;
import io.equitoken.platform.web.revocation.RevokedApiKeys;
import io.equitoken.platform.web.security.AuthenticationFailureLimit;
import io.equitoken.platform.web.security.EquitokenSecurityProperties;
import io.equitoken.platform.web.security.OrderedAccessRules;
import io.equitoken.platform.web.security.ThrottledJwkSource;
import io.equitoken.platform.web.security.TokenShape;
import io.equitoken.platform.web.security.VerifiedTokenCache;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.convert.converter.Converter;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;
import org.springframework.security.oauth2.server.resource.authentication.ReactiveJwtAuthenticationConverterAdapter;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import reactor.core.publisher.Mono;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JacksonModule;

/**
 * Every service's web edge: stateless JWT resource server (keys from identity-service's JWKS;
 * {@code iss}, {@code aud}, expiry checked; roles from the {@code roles} claim), the service's
 * {@link RoleMatrix} enforced, and problem+json for every error. A service declares its matrix as a
 * bean; nothing else is needed.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableConfigurationProperties(EquitokenSecurityProperties.class)
@EnableWebFluxSecurity
@Import(StrictJsonTypes.class)
public class EquitokenWebAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  ProblemWebExceptionHandler problemWebExceptionHandler() {
    return new ProblemWebExceptionHandler();
  }

  /**
   * The firewall's refusals ({@code %2F}, {@code ..}, {@code ;}, {@code %00} in the path) as a 400
   * problem instead of an empty body.
   */
  @Bean
  @ConditionalOnMissingBean
  ServerExchangeRejectedHandler equitokenExchangeRejectedHandler() {
    return (exchange, rejected) ->
        ProblemWriter.write(
            exchange,
            Problem.of(
                400,
                "rejected-request",
                "Bad request",
                "The request path or headers are not acceptable (encoded slash, dot segment,"
                    + " semicolon or control character)."));
  }

  /**
   * Spring Security's observations stay off (platform defaults) and so do their wrappers: without
   * this, every filter of the chain, the authentication and the authorization are still wrapped per
   * request in decorators that only find out then that their observation is a no-op.
   */
  @Bean
  @ConditionalOnMissingBean
  SecurityObservationSettings equitokenSecurityObservationSettings() {
    return SecurityObservationSettings.noObservations();
  }

  /** Every JSON string of every request body obeys the platform's {@link TextRule}. */
  @Bean
  JacksonModule equitokenTextRuleModule() {
    return TextRuleStringDeserializer.module();
  }

  /** Every decimal number of every request body obeys the platform's {@code NumberRule}. */
  @Bean
  JacksonModule equitokenNumberRuleModule() {
    return NumberRuleBigDecimalDeserializer.module();
  }

  /**
   * A JSON object naming a member twice is malformed, not "last one wins": {@code {"role":
   * "investor", "role": "operator"}} could pass a check that reads the first and act on the last.
   * Refused with {@code 400 malformed-json} by every service.
   */
  @Bean
  JsonMapperBuilderCustomizer equitokenStrictDuplicateDetection() {
    return builder -> builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
  }

  /** Every timestamp of every request body obeys the platform's {@code TimestampRule}. */
  @Bean
  JacksonModule equitokenTimestampRuleModule() {
    return TimestampRuleInstantDeserializer.module();
  }

  /** A 4xx completed without a body (e.g. actuator's unknown health group) is problem+json too. */
  @Bean
  BodilessRefusalWebFilter equitokenBodilessRefusalWebFilter(ProblemWebExceptionHandler problems) {
    return new BodilessRefusalWebFilter(problems);
  }

  /** Every query parameter obeys the platform's {@link TextRule}. */
  @Bean
  TextRuleWebFilter equitokenTextRuleWebFilter(ProblemWebExceptionHandler problems) {
    return new TextRuleWebFilter(problems);
  }

  @Bean
  @ConditionalOnMissingBean
  ReactiveJwtDecoder reactiveJwtDecoder(
      EquitokenSecurityProperties properties, ObjectProvider<RevokedApiKeys> revokedApiKeys) {
    NimbusReactiveJwtDecoder decoder =
        NimbusReactiveJwtDecoder.withJwkSource(
                new ThrottledJwkSource(
                    properties.jwksUri(),
                    properties.jwksCacheTtl(),
                    properties.jwksRefetchCooldown()))
            .jwtProcessorCustomizer(
                processor ->
                    processor.setJWSKeySelector(
                        new JWSVerificationKeySelector<>(
                            Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256),
                            new JWKSecurityContextJWKSet())))
            .build();
    RevokedApiKeys revoked = revokedApiKeys.getIfAvailable();
    if (revoked == null && properties.revocations().enabled()) {
      throw new IllegalStateException(
          "API key revocations are enabled but cannot be read: add kafka-clients and"
              + " spring-boot-kafka, or set equitoken.security.revocations.enabled=false (tests"
              + " without Kafka only)");
    }
    List<OAuth2TokenValidator<Jwt>> validators = new ArrayList<>();
    validators.add(tokenValidator(properties));
    if (revoked != null) {
      validators.add(new ApiKeyRevocationValidator(revoked));
    }
    OAuth2TokenValidator<Jwt> validator = new DelegatingOAuth2TokenValidator<>(validators);
    if (properties.verifiedTokenCacheSize() <= 0) {
      decoder.setJwtValidator(validator);
      return decoder;
    }
    // the signature once per token; every claim and the revocation set on every request
    decoder.setJwtValidator(jwt -> OAuth2TokenValidatorResult.success());
    return new VerifiedTokenCache(
        decoder,
        validator,
        properties.jwksCacheTtl(),
        properties.verifiedTokenCacheSize(),
        java.time.Clock.systemUTC());
  }

  /**
   * Issuer, audience, expiry (with skew), a subject, {@code iat}, a lifetime of at most {@code
   * max-token-lifetime}, the API key ({@code azp}) and {@code roles} as an array are all required.
   */
  public static OAuth2TokenValidator<Jwt> tokenValidator(EquitokenSecurityProperties properties) {
    List<OAuth2TokenValidator<Jwt>> validators = new ArrayList<>();
    validators.add(new TokenShape(properties.maxTokenLifetime()));
    validators.add(new JwtTimestampValidator(properties.clockSkew()));
    validators.add(new JwtIssuerValidator(properties.issuer()));
    validators.add(
        new JwtClaimValidator<List<String>>(
            JwtClaimNames.AUD, aud -> aud != null && aud.contains(properties.audience())));
    validators.add(
        new JwtClaimValidator<String>(JwtClaimNames.SUB, sub -> sub != null && !sub.isBlank()));
    validators.add(new JwtClaimValidator<Object>(JwtClaimNames.EXP, exp -> exp != null));
    return new DelegatingOAuth2TokenValidator<>(validators);
  }

  public static Converter<Jwt, Mono<AbstractAuthenticationToken>> rolesConverter() {
    JwtGrantedAuthoritiesConverter authorities = new JwtGrantedAuthoritiesConverter();
    authorities.setAuthoritiesClaimName("roles");
    authorities.setAuthorityPrefix("ROLE_");
    JwtAuthenticationConverter converter = new JwtAuthenticationConverter();
    converter.setJwtGrantedAuthoritiesConverter(authorities);
    return new ReactiveJwtAuthenticationConverterAdapter(converter);
  }

  @Bean
  @ConditionalOnMissingBean(SecurityWebFilterChain.class)
  SecurityWebFilterChain equitokenSecurityWebFilterChain(
      ServerHttpSecurity http,
      RoleMatrix matrix,
      ReactiveJwtDecoder decoder,
      Environment environment,
      ObjectProvider<AuthenticationFailureLimit> failureLimit) {
    boolean prometheusAnonymous =
        environment.getProperty(
            "equitoken.management.prometheus-anonymous", Boolean.class, Boolean.TRUE);
    ProblemSecurityHandlers handlers =
        new ProblemSecurityHandlers(
            failureLimit.getIfAvailable(() -> exchange -> java.util.Optional.empty()));
    http.csrf(ServerHttpSecurity.CsrfSpec::disable)
        .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
        .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
        .logout(ServerHttpSecurity.LogoutSpec::disable)
        .requestCache(ServerHttpSecurity.RequestCacheSpec::disable)
        .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
        .exceptionHandling(e -> e.authenticationEntryPoint(handlers).accessDeniedHandler(handlers))
        .oauth2ResourceServer(
            oauth ->
                oauth
                    .authenticationEntryPoint(handlers)
                    .accessDeniedHandler(handlers)
                    .jwt(
                        jwt ->
                            jwt.jwtDecoder(decoder).jwtAuthenticationConverter(rolesConverter())))
        .authorizeExchange(
            exchanges -> exchanges.anyExchange().access(accessRules(matrix, prometheusAnonymous)));
    return http.build();
  }

  /**
   * The probes, the metrics scrape and the API description, then the service's {@link RoleMatrix}
   * (a {@code GET} rule also for {@code HEAD}: WebFlux answers it from the GET, so the same
   * callers), tried in that order; anything else needs an authenticated caller.
   */
  static OrderedAccessRules accessRules(RoleMatrix matrix, boolean prometheusAnonymous) {
    OrderedAccessRules.Builder rules =
        OrderedAccessRules.builder()
            .open(HttpMethod.GET, "/actuator/health", "/actuator/health/**");
    // the metrics scrape: anonymous where the port is cluster-internal (services), an operator's
    // token where it is the public edge (gateway); docs/observability.md
    if (prometheusAnonymous) {
      rules.open(HttpMethod.GET, "/actuator/prometheus");
    } else {
      rules.roles(HttpMethod.GET, "/actuator/prometheus", Roles.OPERATOR);
    }
    rules.open(HttpMethod.GET, "/v3/api-docs", "/v3/api-docs/**");
    for (RoleMatrix.Rule rule : matrix.rules()) {
      List<HttpMethod> methods =
          HttpMethod.GET.equals(rule.method())
              ? List.of(HttpMethod.GET, HttpMethod.HEAD)
              : Collections.singletonList(rule.method());
      for (HttpMethod method : methods) {
        if (rule.anonymous()) {
          rules.open(method, rule.pathPattern());
        } else {
          rules.roles(method, rule.pathPattern(), rule.roles().toArray(String[]::new));
        }
      }
    }
    return rules.build();
  }
}
