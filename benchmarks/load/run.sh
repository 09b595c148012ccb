#!/usr/bin/env bash
# Load harness for a RUNNING platform (`./equitoken up`); it starts nothing itself. Measures every
# request directly at its service and through the gateway, in one run, with wrk (Debian's package,
# installed here if missing). Loopback only; every wrk run is bounded by DURATION.
#
#   benchmarks/load/run.sh                 # defaults below; results as Markdown rows on stdout
#   DURATION=20s CONNECTIONS=16 benchmarks/load/run.sh
#   ONLY='GET /listings/{id}' IDLE=0 benchmarks/load/run.sh      # one request only
#   PROFILE=1 PROFILE_DIR=/tmp/profile benchmarks/load/run.sh   # and then: where the time goes
#
# The gateway must give the benchmark caller a rate limit of its own, or this measures the limiter:
#   EQUITOKEN_GATEWAY_RATE_LIMIT_BENCHMARK_KEYS=demo-operator,demo-investor \
#   EQUITOKEN_GATEWAY_RATE_LIMIT_BENCHMARK_ADDRESSES=127.0.0.1 ./equitoken up
# (docs/services/gateway.md, docs/benchmarks.md). The script checks RateLimit-Limit and stops if not.
#
# Every row also gives the platform's CPU per request: the CPU time (user + system, /proc/<pid>/stat)
# of the gateway, of the service that answered and of the whole platform (PostgreSQL and Kafka
# included) during that wrk run, divided by its requests; wrk's own CPU is left out. Before the
# runs, the platform's idle burn (IDLE seconds, 0 skips it). Needs benchmarks/target/benchmarks.jar.
set -euo pipefail

OFFSET=${PORT_OFFSET:-0}
GATEWAY=${GATEWAY:-https://localhost:$((8443 + OFFSET))}
IDENTITY=${IDENTITY:-http://localhost:$((8081 + OFFSET))}
LISTINGS=${LISTINGS:-http://localhost:$((8082 + OFFSET))}
PORTFOLIO=${PORTFOLIO:-http://localhost:$((8083 + OFFSET))}
TRADING=${TRADING:-http://localhost:$((8084 + OFFSET))}
API_KEY=${API_KEY:-demo-operator}
SECRET=${SECRET:-demo-operator-secret-change-me}
# investor reads (GET /investor/portfolio) need an investor: the demo key of inv-alice
INVESTOR_KEY=${INVESTOR_KEY:-demo-investor}
INVESTOR_SECRET=${INVESTOR_SECRET:-$INVESTOR_KEY-secret}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-2}
IDLE=${IDLE:-20}
HOME_DIR=${EQUITOKEN_HOME:-$(cd "$(dirname "$0")/../.." && pwd)/.local}
BENCH_JAR="$(cd "$(dirname "$0")/.." && pwd)/target/benchmarks.jar"
[ -f "$BENCH_JAR" ] || { echo "build it first: ./mvnw -B -ntp -pl benchmarks -am -Dquickly package" >&2; exit 1; }
cpu() { java -cp "$BENCH_JAR" io.equitoken.benchmarks.cpu.PlatformCpu --home="$HOME_DIR" "$@"; }

for url in "$GATEWAY" "$IDENTITY" "$LISTINGS" "$PORTFOLIO" "$TRADING"; do
  case "$url" in
    http://localhost:*|https://localhost:*|http://127.0.0.1:*|https://127.0.0.1:*) ;;
    *) echo "loopback only: $url" >&2; exit 64 ;;
  esac
done
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
  else
    echo "wrk is missing: sudo apt-get install -y wrk" >&2; exit 1
  fi
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
curl_json() { curl -sS --max-time 10 -k "$@"; }
field() { grep -o "\"$1\":\"[^\"]*\"" | head -1 | cut -d'"' -f4; }   # first "name":"value"

token=$(curl_json "$IDENTITY/auth/token" -H 'Content-Type: application/json' \
  -d "{\"apiKey\":\"$API_KEY\",\"secret\":\"$SECRET\"}" | field accessToken)
[ -n "$token" ] || { echo "no token from $IDENTITY/auth/token for $API_KEY" >&2; exit 1; }
auth="Authorization: Bearer $token"
investor_token=$(curl_json "$IDENTITY/auth/token" -H 'Content-Type: application/json' \
  -d "{\"apiKey\":\"$INVESTOR_KEY\",\"secret\":\"$INVESTOR_SECRET\"}" | field accessToken)
investor_auth="Authorization: Bearer ${investor_token:-none}"
listing=$(curl_json "$LISTINGS/listings?limit=1" -H "$auth" | field id | head -1)
token_id=$(curl_json "$LISTINGS/listings/$listing" -H "$auth" | field tokenId | head -1)
[ -n "$listing" ] || { echo "no listing at $LISTINGS/listings (start with demo data)" >&2; exit 1; }

limit=$(curl_json -o /dev/null -D - "$GATEWAY/listings/$listing" -H "$auth" \
  | tr -d '\r' | sed -nE 's/^[Rr]ate[Ll]imit-[Ll]imit: *//p')
if [ -z "$limit" ] || [ "$limit" -lt 100000 ]; then
  echo "the gateway limits $API_KEY to ${limit:-?} calls: start it with" >&2
  echo "  EQUITOKEN_GATEWAY_RATE_LIMIT_BENCHMARK_KEYS=$API_KEY,$INVESTOR_KEY EQUITOKEN_GATEWAY_RATE_LIMIT_BENCHMARK_ADDRESSES=127.0.0.1" >&2
  exit 1
fi

cat > "$work/post-token.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"apiKey":"$API_KEY","secret":"$SECRET"}'
LUA
echo 'wrk.method = "GET"' > "$work/get.lua"

# wrk's latency in ms ("812.00us", "1.20ms", "2.01s")
to_ms() {
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /[0-9]s$/ && v !~ /ms$/) n *= 1000; printf "%.2f", n }'
}

# CPU ms per request of one process (or "total") between two snapshots
per_request() {  # per_request <before> <after> <requests> <name>
  awk -v n="$3" -v who="$4" '
    FNR == NR { before[$1] = $2; next }
    { d = $2 - before[$1]; total += d; if ($1 == who) mine = d }
    END { v = (who == "total") ? total : mine; if (n > 0) printf "%.2f", v / n; else print "–" }
  ' "$1" "$2"
}

# run <label> <hop> <connections> <threads> <lua> <url> [header] [service]
run() {
  local label=$1 hop=$2 c=$3 t=$4 lua=$5 url=$6 header=${7:-X-Bench: 1} service=${8:-}
  local load out
  load=$(cut -d' ' -f1 /proc/loadavg)
  cpu snapshot "$work/cpu-before"
  out=$(wrk -t"$t" -c"$c" -d"$DURATION" --timeout 5s --latency -s "$work/$lua" -H "$header" "$url" 2>&1)
  cpu snapshot "$work/cpu-after"
  local requests gw svc all
  requests=$(awk '/requests in/ { print $1 }' <<<"$out")
  gw=$(per_request "$work/cpu-before" "$work/cpu-after" "${requests:-0}" gateway)
  svc=$(per_request "$work/cpu-before" "$work/cpu-after" "${requests:-0}" "$service")
  all=$(per_request "$work/cpu-before" "$work/cpu-after" "${requests:-0}" total)
  local rps p50 p99 non2xx errors
  rps=$(awk '/^Requests\/sec/ { printf "%d", $2 }' <<<"$out")
  p50=$(to_ms "$(awk '$1 == "50%" { print $2 }' <<<"$out")")
  p99=$(to_ms "$(awk '$1 == "99%" { print $2 }' <<<"$out")")
  non2xx=$(awk '/Non-2xx/ { print $NF }' <<<"$out"); non2xx=${non2xx:-0}
  errors=$(awk '/Socket errors/ { print $0 }' <<<"$out" | sed 's/^ *Socket errors: *//')
  echo "| $label | $hop | $c | $rps | $p50 | $p99 | $non2xx${errors:+ ($errors)} | $gw | $svc | $all | $load |"
}

echo "# $(date -u +%FT%TZ) $(nproc) cores, $(uptime | sed 's/.*load/load/'); wrk $DURATION, $THREADS threads"
if [ "$IDLE" -gt 0 ]; then
  echo
  cpu idle "$IDLE"
  echo
fi
echo "| request | hop | connections | req/s | p50 ms | p99 ms | non-2xx | gateway CPU ms/req | service CPU ms/req | platform CPU ms/req | load (1 min) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
measure() {  # measure <label> <lua> <direct base> <path> <header> <service>
  local label=$1 lua=$2 base=$3 path=$4 header=${5:-X-Bench: 1} service=$6
  [ -n "${ONLY:-}" ] && [ "$label" != "$ONLY" ] && return 0

  wrk -t1 -c4 -d3s -s "$work/$lua" -H "$header" "$base$path" >/dev/null 2>&1 || true
  wrk -t1 -c4 -d3s -s "$work/$lua" -H "$header" "$GATEWAY$path" >/dev/null 2>&1 || true
  run "$label" direct "$CONNECTIONS" "$THREADS" "$lua" "$base$path" "$header" "$service"
  run "$label" gateway "$CONNECTIONS" "$THREADS" "$lua" "$GATEWAY$path" "$header" "$service"
  run "$label" direct 1 1 "$lua" "$base$path" "$header" "$service"
  run "$label" gateway 1 1 "$lua" "$GATEWAY$path" "$header" "$service"
}
measure "GET /listings/{id}" get.lua "$LISTINGS" "/listings/$listing" "$auth" listings-service
measure "GET /listings" get.lua "$LISTINGS" "/listings" "$auth" listings-service
[ -n "$token_id" ] && measure "GET /tokens/{id}" get.lua "$LISTINGS" "/tokens/$token_id" "$auth" listings-service
measure "POST /auth/token" post-token.lua "$IDENTITY" "/auth/token" "X-Bench: 1" identity-service
# Order intake and portfolio reads: measured once their services run (skipped while they do not).
if [ -z "$investor_token" ]; then
  echo "| GET /investor/portfolio | – | – | no token for $INVESTOR_KEY | | | | |"
elif curl_json -o /dev/null -f "$PORTFOLIO/actuator/health" 2>/dev/null; then
  measure "GET /investor/portfolio" get.lua "$PORTFOLIO" "/investor/portfolio" "$investor_auth" portfolio-service
else
  echo "| GET /investor/portfolio | – | – | portfolio-service not running | | | | |"
fi
if curl_json -o /dev/null -f "$TRADING/actuator/health" 2>/dev/null; then
  # closed-loop wrk buys would pile resting orders into the book or drain it: order intake has its own
  # open-loop harness with a matchable market and order-to-fill latency (docs/benchmarks.md)
  echo "| POST /trade | – | – | see benchmarks/load/orders.sh (open-loop, order-to-fill) | | | | |"
else
  echo "| POST /trade | – | – | trading-service not running | | | | |"
fi

# PROFILE=1: where a proxied by-id read's time goes. One more gateway run of GET /listings/{id}
# (THREADS, CONNECTIONS, DURATION as above) with a JFR recording (settings=profile) of the gateway and
# of listings-service, each process's CPU per request from /proc, and a summary of the samples by
# area (benchmarks' JfrSummary; needs benchmarks/target/benchmarks.jar). Recordings stay in
# PROFILE_DIR.
if [ "${PROFILE:-0}" = 1 ]; then
  profile_dir=${PROFILE_DIR:-$(mktemp -d /tmp/equitoken-profile.XXXXXX)}
  mkdir -p "$profile_dir"
  bench_jar="$(cd "$(dirname "$0")/.." && pwd)/target/benchmarks.jar"
  pid_of() { ss -ltnpH "sport = :$1" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2; }
  cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
  gateway_pid=$(pid_of $((8443 + OFFSET)))
  listings_pid=$(pid_of $((8082 + OFFSET)))
  [ -n "$gateway_pid" ] && [ -n "$listings_pid" ] || { echo "no gateway/listings process found" >&2; exit 1; }
  for pid in "$gateway_pid" "$listings_pid"; do
    jcmd "$pid" JFR.start name=equitoken-profile settings=profile >/dev/null
  done
  # starting a recording costs the JVMs seconds of extra work (the first profile, 2026-11-23 06:14,
  # measured 29 req/s in it): settle under load first, then count from a fresh start mark
  wrk -t"$THREADS" -c"$CONNECTIONS" -d10s --timeout 5s -H "$auth" "$GATEWAY/listings/$listing" >/dev/null 2>&1 || true
  started=$(date -u +%FT%TZ)
  gateway_before=$(cpu_ticks "$gateway_pid"); listings_before=$(cpu_ticks "$listings_pid")
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 5s -H "$auth" "$GATEWAY/listings/$listing" 2>&1)
  gateway_after=$(cpu_ticks "$gateway_pid"); listings_after=$(cpu_ticks "$listings_pid")
  jcmd "$gateway_pid" JFR.stop name=equitoken-profile filename="$profile_dir/gateway.jfr" >/dev/null
  jcmd "$listings_pid" JFR.stop name=equitoken-profile filename="$profile_dir/listings.jfr" >/dev/null
  requests=$(awk '/requests in/ { print $1 }' <<<"$out")
  hz=$(getconf CLK_TCK)
  echo
  echo "## Profile: GET /listings/{id} through the gateway, $CONNECTIONS connections, $DURATION ($started, load $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  echo "$requests requests, $(awk '/^Requests\/sec/ { printf "%d", $2 }' <<<"$out") req/s. CPU per request (from /proc, user + system):"
  echo
  echo "| process | CPU ms per request |"
  echo "|---|---|"
  awk -v t=$((gateway_after - gateway_before)) -v hz="$hz" -v n="$requests" 'BEGIN { printf "| gateway | %.2f |\n", t * 1000 / hz / n }'
  awk -v t=$((listings_after - listings_before)) -v hz="$hz" -v n="$requests" 'BEGIN { printf "| listings-service | %.2f |\n", t * 1000 / hz / n }'
  echo
  for name in gateway listings; do
    java -cp "$bench_jar" io.equitoken.benchmarks.profile.JfrSummary "$profile_dir/$name.jfr" --from "$started"
    echo
  done
  echo "(recordings: $profile_dir)"
fi
