#!/usr/bin/env bash
# Gateway latency/throughput with the native (epoll) and the NIO transport (spring-cloud-gateway
# issue 4209); with `metrics` as the argument: with and without the platform's request meters
# (equitoken.metrics.http-server-requests); with `tracing`: with and without the request span
# (equitoken.tracing.enabled, the default sampling). Loopback only, bounded request counts. Needs
# gateway/target/gateway.jar and benchmarks/target/benchmarks.jar
# (./mvnw -DskipTests -Dquickly package). Results: docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
upstream_port=18081
gateway_port=18443
bench="benchmarks/target/benchmarks.jar"
java -cp "$bench" io.equitoken.benchmarks.gateway.StaticUpstream "$upstream_port" &
upstream=$!
trap 'kill $upstream 2>/dev/null; wait $upstream 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 30); do
  curl -sf "http://127.0.0.1:$upstream_port/.well-known/jwks.json" >/dev/null 2>&1 && break
  kill -0 "$upstream" 2>/dev/null || { echo "the static upstream did not start (port $upstream_port in use?)" >&2; exit 1; }
  sleep 1
done

run() {
  local label=$1; shift
  SERVER_PORT=$gateway_port EQUITOKEN_GATEWAY_TLS_SELF_SIGNED_DIR="$work/tls" \
  EQUITOKEN_GATEWAY_IDENTITY_URI="http://127.0.0.1:$upstream_port" \
  EQUITOKEN_GATEWAY_RATE_LIMIT_ANONYMOUS_CAPACITY=10000000 \
  EQUITOKEN_GATEWAY_RATE_LIMIT_ANONYMOUS_REFILL_TOKENS=1000000 \
    java -Xmx384m "$@" -jar gateway/target/gateway.jar > "$work/gateway.log" 2>&1 &
  local gateway=$!
  for _ in $(seq 1 120); do
    curl -sf --cacert "$work/tls/gateway.crt" "https://localhost:$gateway_port/actuator/health" >/dev/null 2>&1 && break
    sleep 1
  done
  echo "== $label (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  java -cp "$bench" io.equitoken.benchmarks.gateway.GatewayLoadClient \
    "https://localhost:$gateway_port/.well-known/jwks.json" "$work/tls/gateway.crt" 3000 5000 16
  kill "$gateway"; wait "$gateway" 2>/dev/null || true
}

if [[ "${1:-transport}" == metrics ]]; then
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
