#!/usr/bin/env bash
# Order load through the gateway of a RUNNING platform (`./equitoken up`); it starts nothing itself.
# The issuer (demo-founder) rests one sell at the token's price, investors made for the run through
# the public API (KYC approved, funded; one per 5 orders/s) send buys of 1 at a fixed open-loop rate
# per phase; intake latency from each order's intended send time, and
# order-to-fill latency from the order.filled events on trading.events.v1 (read_committed, local
# broker). Before the run it measures the platform's idle burn, and for every phase the CPU per
# filled order of each platform process (/proc). Loopback only; every phase bounded in orders and
# time. docs/benchmarks.md, "Orders through the gateway".
#
#   benchmarks/load/orders.sh                                   # 100, 250, 500 orders/s, 20 s each
#   benchmarks/load/orders.sh --rates=500 --duration=30s --warmup=20s
#   PORT_OFFSET=300 benchmarks/load/orders.sh --rates=40    # a platform of `./equitoken up --port-offset 300`
#
# The gateway must give the demo keys it uses a rate limit of its own (the harness checks and stops;
# the buyers it makes stay within the default limit of a key):
#   EQUITOKEN_GATEWAY_RATE_LIMIT_BENCHMARK_KEYS=demo-operator,demo-founder,demo-investor \
#   EQUITOKEN_GATEWAY_RATE_LIMIT_BENCHMARK_ADDRESSES=127.0.0.1 ./equitoken up
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

OFFSET=${PORT_OFFSET:-0}
JAR=benchmarks/target/benchmarks.jar
[ -f "$JAR" ] || { echo "build it first: ./mvnw -B -ntp -pl benchmarks -am -Dquickly package" >&2; exit 1; }
exec java -Xmx512m -cp "$JAR" io.equitoken.benchmarks.orders.OrderLoad \
  --gateway="https://localhost:$((8443 + OFFSET))" \
  --kafka="localhost:$((19092 + OFFSET))" \
  --cert=.local/tls/gateway.crt \
  "$@"
