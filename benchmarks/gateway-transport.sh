#!/usr/bin/env bash
# Gateway latency/throughput with the native (epoll) and the NIO transport (spring-cloud-gateway
# issue 4209); with `metrics` as the argument: with and without the platform's request meters
# (equitoken.metrics.http-server-requests); with `tracing`: with and without the request span
# (equitoken.tracing.enabled, the default sampling); with `cpu`: the gateway's CPU per proxied,
# authenticated `GET /listings/{id}` (ES256 bearer token, the static upstream as listings- and
# identity-service), from /proc/<pid>/stat around the measured calls, for gateway/target/gateway.jar
# and, if BEFORE_JAR names one, alternately for that jar too (before/after in the same run; ROUNDS,
# default 2). Loopback only, bounded request counts. Needs gateway/target/gateway.jar and
# benchmarks/target/benchmarks.jar (./mvnw -DskipTests -Dquickly package). Results:
# docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
upstream_port=18081
gateway_port=18443
bench="benchmarks/target/benchmarks.jar"
issuer=https://equitoken.local
bench_key=bench-key
java -cp "$bench" io.equitoken.benchmarks.gateway.StaticUpstream "$upstream_port" \
  "$work/token" "$issuer" "$bench_key" &
upstream=$!
trap 'kill $upstream 2>/dev/null; wait $upstream 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 30); do
  curl -sf "http://127.0.0.1:$upstream_port/.well-known/jwks.json" >/dev/null 2>&1 && break
  kill -0 "$upstream" 2>/dev/null || { echo "the static upstream did not start (port $upstream_port in use?)" >&2; exit 1; }
  sleep 1
done

run() {
  local label=$1; shift
  local jar=${JAR:-gateway/target/gateway.jar}
  SERVER_PORT=$gateway_port EQUITOKEN_GATEWAY_TLS_SELF_SIGNED_DIR="$work/tls" \
  EQUITOKEN_GATEWAY_IDENTITY_URI="http://127.0.0.1:$upstream_port" \
  EQUITOKEN_GATEWAY_LISTINGS_URI="http://127.0.0.1:$upstream_port" \
  EQUITOKEN_SECURITY_JWKS_URI="http://127.0.0.1:$upstream_port/.well-known/jwks.json" \
  EQUITOKEN_SECURITY_ISSUER="$issuer" \
  EQUITOKEN_GATEWAY_RATE_LIMIT_BENCHMARK_KEYS="$bench_key" \
  EQUITOKEN_GATEWAY_RATE_LIMIT_ANONYMOUS_CAPACITY=10000000 \
  EQUITOKEN_GATEWAY_RATE_LIMIT_ANONYMOUS_REFILL_TOKENS=1000000 \
    java -Xmx384m "$@" -jar "$jar" > "$work/gateway.log" 2>&1 &
  local gateway=$!
  for _ in $(seq 1 120); do
    curl -sf --cacert "$work/tls/gateway.crt" "https://localhost:$gateway_port/actuator/health" >/dev/null 2>&1 && break
    sleep 1
  done
  echo "== $label (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  if [[ -n "${CPU:-}" ]]; then
    # no Kafka here: the revocation set is off (one hash lookup per request in production). The
    # long warm-up is for the JIT: after 5,000 calls its compiler threads were still a third of
    # the gateway's CPU, which a long-running gateway does not pay per request.
    java -cp "$bench" io.equitoken.benchmarks.gateway.GatewayLoadClient \
      "https://localhost:$gateway_port/listings/lst-bench-1" "$work/tls/gateway.crt" \
      "${WARMUP:-20000}" "${REQUESTS:-10000}" 16 "$gateway" "$work/token"
  else
    java -cp "$bench" io.equitoken.benchmarks.gateway.GatewayLoadClient \
      "https://localhost:$gateway_port/.well-known/jwks.json" "$work/tls/gateway.crt" 3000 5000 16
  fi
  kill "$gateway"; wait "$gateway" 2>/dev/null || true
}

if [[ "${1:-transport}" == cpu ]]; then
  # cpu [-Dsetting=value ...]: the settings given are a variant, run alternately with the jar as is
  shift
  export CPU=1
  off=-Dequitoken.security.revocations.enabled=false
  for round in $(seq 1 "${ROUNDS:-2}"); do
    if [[ -n "${BEFORE_JAR:-}" ]]; then
      JAR="$BEFORE_JAR" run "before ($BEFORE_JAR), round $round" "$off"
    fi
    run "gateway/target/gateway.jar, round $round" "$off"
    if [[ $# -gt 0 ]]; then
      run "gateway/target/gateway.jar with $*, round $round" "$off" "$@"
    fi
  done
elif [[ "${1:-transport}" == metrics ]]; then
  run "request meters on" -Dequitoken.metrics.http-server-requests=true
  run "request meters off" -Dequitoken.metrics.http-server-requests=false
  run "request meters on, again" -Dequitoken.metrics.http-server-requests=true
  run "request meters off, again" -Dequitoken.metrics.http-server-requests=false
elif [[ "${1:-transport}" == tracing ]]; then
  run "request span on" -Dequitoken.tracing.enabled=true
  run "request span off" -Dequitoken.tracing.enabled=false
  run "request span on, again" -Dequitoken.tracing.enabled=true
  run "request span off, again" -Dequitoken.tracing.enabled=false
else
  run "native (epoll)" -Dreactor.netty.native=true
  run "NIO" -Dreactor.netty.native=false
  run "native (epoll), again" -Dreactor.netty.native=true
  run "NIO, again" -Dreactor.netty.native=false
fi
