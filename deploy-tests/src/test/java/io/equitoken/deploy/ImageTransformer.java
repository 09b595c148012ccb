package io.equitoken.deploy;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Kustomize's {@code images} field: rewrites the image of every matching container. */
final class ImageTransformer {

  private ImageTransformer() {}

  /** Splits {@code registry/name:tag@digest} into name, tag (or null) and digest (or null). */
  record ImageRef(String name, String tag, String digest) {

    static ImageRef parse(String image) {
      String digest = null;
      String rest = image;
      int at = rest.indexOf('@');
      if (at >= 0) {
        digest = rest.substring(at + 1);
        rest = rest.substring(0, at);
      }
      int colon = rest.lastIndexOf(':');
      if (colon > rest.lastIndexOf('/')) {
        return new ImageRef(rest.substring(0, colon), rest.substring(colon + 1), digest);
      }
      return new ImageRef(rest, null, digest);
    }

    @Override
    public String toString() {
      return name + (tag == null ? "" : ":" + tag) + (digest == null ? "" : "@" + digest);
    }
  }

  static void apply(Map<String, Object> entry, List<Map<String, Object>> resources) {
    for (Map<String, Object> resource : resources) {
      rewrite(resource, entry);
    }
  }

  @SuppressWarnings("unchecked")
  private static void rewrite(Object node, Map<String, Object> entry) {
    if (node instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> field : map.entrySet()) {
        if (("containers".equals(field.getKey()) || "initContainers".equals(field.getKey()))
            && field.getValue() instanceof List<?> containers) {
          for (Object container : containers) {
            if (container instanceof Map<?, ?> c && c.get("image") instanceof String image) {
              ((Map<String, Object>) c).put("image", rewriteImage(image, entry));
            }
          }
        } else {
          rewrite(field.getValue(), entry);
        }
      }
    } else if (node instanceof List<?> list) {
      list.forEach(item -> rewrite(item, entry));
    }
  }

  private static String rewriteImage(String image, Map<String, Object> entry) {
    ImageRef ref = ImageRef.parse(image);
    if (!Objects.equals(ref.name(), entry.get("name"))) {
      return image;
    }
    String name = entry.get("newName") == null ? ref.name() : String.valueOf(entry.get("newName"));
    String tag = ref.tag();
    String digest = ref.digest();
    if (entry.get("newTag") != null) {
      tag = String.valueOf(entry.get("newTag"));
      digest = null;
    }
    if (entry.get("digest") != null) {
      digest = String.valueOf(entry.get("digest"));
      tag = null;
    }
    return new ImageRef(name, tag, digest).toString();
  }
}
