package io.equitoken.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.Yaml;

/**
 * A service's published OpenAPI file ({@code contracts/openapi/<service>.yaml}), checked against
 * its code: the documented operations are exactly the role matrix's endpoints, and a schema's
 * properties (and required fields) are exactly a record's wire names. One helper for every
 * service's {@code OpenApiContractTest}.
 */
public final class OpenApiContract {

  private final String name;
  private final Map<String, Object> document;

  private OpenApiContract(String name, Map<String, Object> document) {
    this.name = name;
    this.document = document;
  }

  /** Reads {@code ../contracts/openapi/<service>.yaml} (tests run in the module's directory). */
  public static OpenApiContract of(String service) {
    Path file = Path.of("..", "contracts", "openapi", service + ".yaml");
    try (Reader reader = Files.newBufferedReader(file)) {
      Map<String, Object> document = new Yaml().load(reader);
      return new OpenApiContract(file.toString(), document);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String openApiVersion() {
    return String.valueOf(document.get("openapi"));
  }

  /** Every documented operation as {@code "METHOD /path/{pattern}"}. */
  public Set<String> operations() {
    return paths().entrySet().stream()
        .flatMap(
            p ->
                p.getValue().keySet().stream()
                    .filter(m -> !m.equals("parameters"))
                    .map(m -> m.toUpperCase(Locale.ROOT) + " " + p.getKey()))
        .collect(Collectors.toSet());
  }

  /** The operation object of {@code method path}, or null. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> operation(String method, String path) {
    Map<String, Object> item = paths().get(path);
    return item == null ? null : (Map<String, Object>) item.get(method.toLowerCase(Locale.ROOT));
  }

  /**
   * Documented operations = the endpoints of platform-web's {@code RoleMatrix} (any rules()),
   * except management endpoints under {@code /actuator/}: operators reach them on the service's own
   * port, the gateway never routes them, so they are not part of the API a client generates from.
   */
  public void assertDocumentsExactly(Object roleMatrix) {
    Set<String> enforced =
        RoleMatrixWalker.rulesOf(roleMatrix).stream()
            .filter(r -> !r.pathPattern().startsWith("/actuator/"))
            .map(r -> r.method() + " " + r.pathPattern())
            .collect(Collectors.toSet());
    assertThat(operations()).as(name + " operations vs the role matrix").isEqualTo(enforced);
  }

  /** The schema's properties and its required list are both exactly the record's wire names. */
  @SuppressWarnings("unchecked")
  public void assertRequiredFields(String schema, Class<? extends Record> type) {
    List<String> required = (List<String>) schema(schema).get("required");
    assertThat(required)
        .as(schema + " required")
        .containsExactlyInAnyOrderElementsOf(wireNames(type));
    assertProperties(schema, type);
  }

  /** The schema's properties are exactly the record's wire names. */
  @SuppressWarnings("unchecked")
  public void assertProperties(String schema, Class<? extends Record> type) {
    Map<String, Object> properties = (Map<String, Object>) schema(schema).get("properties");
    assertThat(properties).as(name + " schema " + schema).isNotNull();
    assertThat(properties.keySet())
        .as(schema + " properties")
        .containsExactlyInAnyOrderElementsOf(wireNames(type));
  }

  /** A record's JSON field names ({@code @JsonProperty} where present, else component names). */
  public static List<String> wireNames(Class<? extends Record> type) {
    return Arrays.stream(type.getRecordComponents()).map(OpenApiContract::wireName).toList();
  }

  private static String wireName(RecordComponent component) {
    JsonProperty property = component.getAccessor().getAnnotation(JsonProperty.class);
    if (property == null) {
      property = component.getAnnotation(JsonProperty.class);
    }
    return property == null || property.value().isEmpty() ? component.getName() : property.value();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Map<String, Object>> paths() {
    return (Map<String, Map<String, Object>>) document.get("paths");
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> schema(String schema) {
    Map<String, Object> components = (Map<String, Object>) document.get("components");
    Map<String, Object> found =
        (Map<String, Object>) ((Map<String, Object>) components.get("schemas")).get(schema);
    assertThat(found).as(name + " has schema " + schema).isNotNull();
    return found;
  }
}
