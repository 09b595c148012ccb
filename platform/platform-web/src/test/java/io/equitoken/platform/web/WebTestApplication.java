package io.equitoken.platform.web;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import java.math.BigDecimal;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

@SpringBootApplication
class WebTestApplication {

  @Bean
  RoleMatrix roleMatrix() {
    return RoleMatrix.builder()
        .anonymous(HttpMethod.GET, "/public")
        .allow(HttpMethod.GET, "/things/{id}", Roles.INVESTOR, Roles.OPERATOR)
        .allow(HttpMethod.POST, "/things", Roles.OPERATOR)
        .build();
  }

  record NewThing(@NotBlank String name, @Positive BigDecimal price) {}

  @RestController
  static class ThingController {
    @GetMapping("/public")
    Map<String, String> open() {
      return Map.of("hello", "world");
    }

    @GetMapping("/things/{id}")
    Mono<Map<String, String>> thing(@PathVariable String id) {
      if (id.equals("missing")) {
        return Mono.error(ProblemException.notFound("thing-not-found", "No thing " + id + "."));
      }
      return Caller.current().map(c -> Map.of("id", id, "viewer", c.principalId()));
    }

    @PostMapping("/things")
    Map<String, Object> create(@Valid @RequestBody NewThing thing) {
      return Map.of("name", thing.name(), "price", thing.price());
    }

    @GetMapping("/undecodable")
    Map<String, String> undecodable() {
      throw new org.springframework.core.codec.DecodingException("Too many parts");
    }

    @GetMapping("/boom")
    Map<String, String> boom() {
      throw new IllegalStateException("secret internal detail");
    }
  }
}
