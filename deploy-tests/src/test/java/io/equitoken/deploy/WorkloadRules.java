package io.equitoken.deploy;

import static io.equitoken.deploy.Yamls.at;
import static io.equitoken.deploy.Yamls.isTrue;
import static io.equitoken.deploy.Yamls.listAt;
import static io.equitoken.deploy.Yamls.mapAt;
import static io.equitoken.deploy.Yamls.mapsAt;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The rules every rendered set of Kubernetes resources must meet. Returns violations as sentences
 * instead of failing on the first, so that a test on a broken fixture can show each rule firing.
 */
final class WorkloadRules {

  private static final Pattern SENSITIVE_KEY =
      Pattern.compile(
          "(^|[_.-])(PASSWORD|PASSWD|SECRET|TOKEN|CREDENTIALS?)([_.-]|$)|(^|[_.-])KEY$");

  private WorkloadRules() {}

  /** True for names such as DB_PASSWORD, API_KEY, CLIENT_SECRET; false for KEY_STORE (a path). */
  static boolean isSensitiveKey(String key) {
    return SENSITIVE_KEY.matcher(key.toUpperCase(Locale.ROOT)).find();
  }

  /** A switch such as REQUIRE_DOCUMENT_KEY=true names a secret but is not one. */
  static boolean isBooleanFlag(Object value) {
    return value != null && (value.toString().equals("true") || value.toString().equals("false"));
  }

  static List<String> check(List<Map<String, Object>> resources) {
    List<String> violations = new ArrayList<>();
    for (Map<String, Object> deployment : Resources.ofKind(resources, "Deployment")) {
      checkDeployment(deployment, resources, violations);
    }
    for (Map<String, Object> configMap : Resources.ofKind(resources, "ConfigMap")) {
      checkConfigMap(configMap, violations);
    }
    return violations;
  }

  private static void checkDeployment(
      Map<String, Object> deployment, List<Map<String, Object>> all, List<String> violations) {
    String name = Resources.name(deployment);
    Map<String, Object> pod = mapAt(deployment, "spec", "template", "spec");
    Map<String, Object> labels = mapAt(deployment, "spec", "template", "metadata", "labels");
    Map<String, Object> podSecurity = mapAt(pod, "securityContext");

    if (!Resources.selects(mapAt(deployment, "spec", "selector", "matchLabels"), labels)) {
      violations.add(name + ": spec.selector does not match the pod template labels");
    }
    checkServiceAccount(name, pod, all, violations);
    List<Map<String, Object>> containers = mapsAt(pod, "containers");
    if (containers.isEmpty()) {
      violations.add(name + ": no containers");
    }
    for (Map<String, Object> container : containers) {
      String where = name + "/" + container.get("name");
      checkContainerSecurity(where, container, podSecurity, pod, violations);
      checkProbes(where, container, violations);
      checkResources(where, container, violations);
      checkImage(where, String.valueOf(container.get("image")), violations);
      checkEnv(where, container, all, violations);
    }
    checkCompanions(name, deployment, labels, all, violations);
  }

  private static void checkServiceAccount(
      String name, Map<String, Object> pod, List<Map<String, Object>> all, List<String> v) {
    Object account = pod.get("serviceAccountName");
    if (account == null) {
      v.add(name + ": no serviceAccountName (would run as the namespace's default account)");
      return;
    }
    var serviceAccount = Resources.find(all, "ServiceAccount", String.valueOf(account));
    if (serviceAccount.isEmpty()) {
      v.add(name + ": ServiceAccount " + account + " is not rendered");
    } else if (!Boolean.FALSE.equals(serviceAccount.get().get("automountServiceAccountToken"))
        && !Boolean.FALSE.equals(pod.get("automountServiceAccountToken"))) {
      v.add(name + ": service account token is mounted (automountServiceAccountToken not false)");
    }
  }

  private static void checkContainerSecurity(
      String where,
      Map<String, Object> container,
      Map<String, Object> podSecurity,
      Map<String, Object> pod,
      List<String> v) {
    Map<String, Object> security = mapAt(container, "securityContext");
    if (!isTrue(security.get("runAsNonRoot")) && !isTrue(podSecurity.get("runAsNonRoot"))) {
      v.add(where + ": runAsNonRoot is not true");
    }
    if (!Boolean.FALSE.equals(security.get("allowPrivilegeEscalation"))) {
      v.add(where + ": allowPrivilegeEscalation is not false");
    }
    if (isTrue(security.get("privileged"))) {
      v.add(where + ": privileged");
    }
    if (!isTrue(security.get("readOnlyRootFilesystem"))) {
      v.add(where + ": readOnlyRootFilesystem is not true");
    }
    if (!listAt(security, "capabilities", "drop").contains("ALL")) {
      v.add(where + ": capabilities do not drop ALL");
    }
    if (!listAt(security, "capabilities", "add").isEmpty()) {
      v.add(where + ": adds capabilities");
    }
    Object seccomp = at(security, "seccompProfile", "type");
    if (seccomp == null) {
      seccomp = at(podSecurity, "seccompProfile", "type");
    }
    if (!"RuntimeDefault".equals(seccomp)) {
      v.add(where + ": seccompProfile is not RuntimeDefault");
    }
    boolean tmpIsEmptyDir =
        mapsAt(container, "volumeMounts").stream()
            .filter(m -> "/tmp".equals(m.get("mountPath")))
            .anyMatch(
                m ->
                    mapsAt(pod, "volumes").stream()
                        .anyMatch(
                            vol ->
                                vol.get("name").equals(m.get("name"))
                                    && vol.containsKey("emptyDir")));
    if (!tmpIsEmptyDir) {
      v.add(where + ": no emptyDir mounted at /tmp (needed with a read-only root filesystem)");
    }
  }

  private static void checkProbes(String where, Map<String, Object> container, List<String> v) {
    List<Object> portRefs = new ArrayList<>();
    for (Map<String, Object> port : mapsAt(container, "ports")) {
      portRefs.add(port.get("name"));
      portRefs.add(port.get("containerPort"));
    }
    String[][] expected = {
      {"startupProbe", "/actuator/health/liveness"},
      {"livenessProbe", "/actuator/health/liveness"},
      {"readinessProbe", "/actuator/health/readiness"}
    };
    for (String[] probe : expected) {
      Map<String, Object> httpGet = mapAt(container, probe[0], "httpGet");
      if (httpGet.isEmpty()) {
        v.add(where + ": no " + probe[0] + " (httpGet)");
      } else if (!probe[1].equals(httpGet.get("path"))) {
        v.add(where + ": " + probe[0] + " path is " + httpGet.get("path") + ", not " + probe[1]);
      } else if (!portRefs.contains(httpGet.get("port"))) {
        v.add(
            where + ": " + probe[0] + " port " + httpGet.get("port") + " is not a container port");
      }
    }
  }

  private static void checkResources(String where, Map<String, Object> container, List<String> v) {
    for (String section : List.of("requests", "limits")) {
      for (String resource : List.of("cpu", "memory")) {
        if (at(container, "resources", section, resource) == null) {
          v.add(where + ": no resources." + section + "." + resource);
        }
      }
    }
  }

  static void checkImage(String where, String image, List<String> v) {
    ImageTransformer.ImageRef ref = ImageTransformer.ImageRef.parse(image);
    if (ref.digest() == null && (ref.tag() == null || ref.tag().isBlank())) {
      v.add(where + ": image " + image + " has no tag (means :latest)");
    } else if ("latest".equals(ref.tag())) {
      v.add(where + ": image " + image + " uses :latest");
    }
  }

  private static void checkEnv(
      String where, Map<String, Object> container, List<Map<String, Object>> all, List<String> v) {
    for (Map<String, Object> env : mapsAt(container, "env")) {
      String name = String.valueOf(env.get("name"));
      if (isSensitiveKey(name)
          && !isBooleanFlag(env.get("value"))
          && at(env, "valueFrom", "secretKeyRef") == null) {
        v.add(where + ": " + name + " is not taken from a Secret (secretKeyRef)");
      }
      Object configMap = at(env, "valueFrom", "configMapKeyRef", "name");
      if (configMap != null
          && Resources.find(all, "ConfigMap", String.valueOf(configMap)).isEmpty()) {
        v.add(where + ": ConfigMap " + configMap + " is not rendered");
      }
    }
    for (Map<String, Object> source : mapsAt(container, "envFrom")) {
      Object configMap = at(source, "configMapRef", "name");
      if (configMap != null
          && Resources.find(all, "ConfigMap", String.valueOf(configMap)).isEmpty()) {
        v.add(where + ": ConfigMap " + configMap + " is not rendered");
      }
    }
  }

  private static void checkCompanions(
      String name,
      Map<String, Object> deployment,
      Map<String, Object> labels,
      List<Map<String, Object>> all,
      List<String> v) {
    boolean hasService =
        Resources.ofKind(all, "Service").stream()
            .anyMatch(s -> Resources.selects(mapAt(s, "spec", "selector"), labels));
    if (!hasService) {
      v.add(name + ": no Service selects its pods");
    }
    boolean hasPdb =
        Resources.ofKind(all, "PodDisruptionBudget").stream()
            .anyMatch(p -> Resources.selects(mapAt(p, "spec", "selector", "matchLabels"), labels));
    if (!hasPdb) {
      v.add(name + ": no PodDisruptionBudget selects its pods");
    }
    var hpa =
        Resources.ofKind(all, "HorizontalPodAutoscaler").stream()
            .filter(
                h ->
                    "Deployment".equals(at(h, "spec", "scaleTargetRef", "kind"))
                        && name.equals(at(h, "spec", "scaleTargetRef", "name")))
            .findFirst();
    if (hpa.isEmpty()) {
      v.add(name + ": no HorizontalPodAutoscaler targets it");
    } else {
      Object min = at(hpa.get(), "spec", "minReplicas");
      Object max = at(hpa.get(), "spec", "maxReplicas");
      Object replicas = at(deployment, "spec", "replicas");
      if (!(min instanceof Integer minimum)
          || !(max instanceof Integer maximum)
          || minimum > maximum) {
        v.add(name + ": HPA needs minReplicas <= maxReplicas");
      } else if (replicas != null && !replicas.equals(minimum)) {
        v.add(name + ": replicas " + replicas + " differ from the HPA's minReplicas " + minimum);
      }
    }
  }

  private static void checkConfigMap(Map<String, Object> configMap, List<String> v) {
    for (Map.Entry<String, Object> entry : mapAt(configMap, "data").entrySet()) {
      String where = "ConfigMap " + Resources.name(configMap) + ": " + entry.getKey();
      if (isSensitiveKey(entry.getKey()) && !isBooleanFlag(entry.getValue())) {
        v.add(where + " looks like a secret; keep it in a Secret");
      }
      String value = String.valueOf(entry.getValue()).toLowerCase(Locale.ROOT);
      if (value.contains("password=") || value.matches(".*://[^/@\\s]+:[^/@\\s]+@.*")) {
        v.add(where + " carries credentials in its value");
      }
    }
  }
}
