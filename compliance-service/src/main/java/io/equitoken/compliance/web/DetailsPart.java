package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.DetailsForm;
import io.equitoken.compliance.kyc.KycDetails;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.web.StrictJsonTypes;
import io.equitoken.platform.web.input.TextRuleStringDeserializer;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.stream.Collectors;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.codec.multipart.FormFieldPart;
import org.springframework.http.codec.multipart.Part;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the {@code details} part: strict JSON (unknown members refused), then domain validation.
 */
public class DetailsPart {

  static final int MAX_DETAILS_BYTES = 16 * 1024;

  // the platform's text rule (no NUL, no other controls, no lone surrogates) like every JSON body
  // and strict JSON types, like every JSON body
  private final JsonMapper json =
      StrictJsonTypes.strict(JsonMapper.builder())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .addModule(TextRuleStringDeserializer.module())
          .build();

  public Mono<KycDetails> read(Part part, LocalDate today) {
    Mono<String> text =
        part instanceof FormFieldPart field
            ? Mono.just(field.value())
            : DataBufferUtils.join(part.content(), MAX_DETAILS_BYTES)
                .map(
                    buffer -> {
                      try {
                        return strictUtf8(buffer);
                      } finally {
                        DataBufferUtils.release(buffer);
                      }
                    })
                .defaultIfEmpty("");
    return text.onErrorMap(
            DataBufferLimitException.class,
            e ->
                Refusal.of(
                        Refusal.Kind.PAYLOAD_TOO_LARGE,
                        "details-too-large",
                        "The details part is larger than 16 KiB.")
                    .withField("details")
                    .exception())
        .map(this::parse)
        .map(form -> form.validate(today));
  }

  /** Malformed UTF-8 is refused, not silently replaced by U+FFFD. */
  private static String strictUtf8(DataBuffer buffer) {
    byte[] bytes = new byte[buffer.readableByteCount()];
    buffer.read(bytes);
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw invalid("details", "must be UTF-8");
    }
  }

  private DetailsForm parse(String text) {
    try {
      return json.readValue(text, DetailsForm.class);
    } catch (UnrecognizedPropertyException e) {
      throw invalid("details." + e.getPropertyName(), "is not a known field");
    } catch (JacksonException e) {
      String path =
          e.getPath().stream()
              .map(
                  r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
              .collect(Collectors.joining("."))
              .replace(".[", "[");
      return throwInvalid(path.isEmpty() ? "details" : "details." + path, e);
    }
  }

  private static DetailsForm throwInvalid(String field, JacksonException e) {
    throw invalid(
        field,
        field.equals("details")
            ? "must be a JSON object (the details part is not valid JSON)"
            : "has the wrong type");
  }

  private static RefusedException invalid(String field, String message) {
    return Refusal.invalidMember(field, message).exception();
  }
}
