package io.equitoken.gateway.web;

import io.equitoken.platform.core.Refusal;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves the API description built by the {@code api-contracts} module from the files each service
 * team keeps in {@code contracts/openapi/<service>.yaml}: {@code GET /openapi.json} and {@code GET
 * /openapi.yaml} the one merged OpenAPI 3.1 document (what a partner generates one SDK from),
 * {@code GET /openapi} lists the per-service files (in the shape Swagger UI's {@code urls} option
 * takes), {@code GET /openapi/<service>.yaml} returns one, bundled (self-contained). Anonymous.
 */
@RestController
public class OpenApiController {

  static final MediaType YAML = MediaType.parseMediaType("application/yaml");
  private static final String LOCATION = "classpath*:openapi/services/*.yaml";

  private final Map<String, byte[]> files;
  private final byte[] mergedJson;
  private final byte[] mergedYaml;

  public OpenApiController() {
    this.files = load();
    this.mergedJson = read("openapi/openapi.json");
    this.mergedYaml = read("openapi/openapi.yaml");
  }

  @GetMapping("/openapi.json")
  public ResponseEntity<byte[]> mergedJson() {
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(mergedJson);
  }

  @GetMapping("/openapi.yaml")
  public ResponseEntity<byte[]> mergedYaml() {
    return ResponseEntity.ok().contentType(YAML).body(mergedYaml);
  }

  @GetMapping(value = "/openapi", produces = MediaType.APPLICATION_JSON_VALUE)
  public Map<String, List<Map<String, String>>> index() {
    List<Map<String, String>> urls =
        files.keySet().stream()
            .map(name -> Map.of("name", name.replace(".yaml", ""), "url", "/openapi/" + name))
            .toList();
    return Map.of("urls", urls);
  }

  @GetMapping("/openapi/{file}")
  public ResponseEntity<byte[]> file(@PathVariable String file) {
    byte[] content = files.get(file);
    if (content == null) {
      throw Refusal.notFound(
              "openapi-not-found", "No OpenAPI file named " + file + "; GET /openapi lists them.")
          .exception();
    }
    return ResponseEntity.ok().contentType(YAML).body(content);
  }

  private static byte[] read(String location) {
    try (InputStream in = new ClassPathResource(location).getInputStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the packaged " + location, e);
    }
  }

  private static Map<String, byte[]> load() {
    Map<String, byte[]> loaded = new TreeMap<>();
    try {
      for (Resource resource : new PathMatchingResourcePatternResolver().getResources(LOCATION)) {
        String name = resource.getFilename();
        if (name != null && name.matches("[a-z0-9-]+\\.yaml")) {
          try (InputStream in = resource.getInputStream()) {
            loaded.put(name, in.readAllBytes());
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the packaged OpenAPI files", e);
    }
    return Map.copyOf(loaded);
  }
}
