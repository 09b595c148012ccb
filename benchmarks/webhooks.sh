#!/usr/bin/env bash
# Webhook deliveries: throughput against a bare HTTP client, publish-to-delivery
# latency, and a receiver outage — webhook-service's packaged jar on the embedded PostgreSQL and
# Kafka of platform-test, a loopback receiver, every wait bounded. Results: docs/benchmarks.md.
#
#   benchmarks/webhooks.sh                       # the documented run (about 15 minutes)
#   benchmarks/webhooks.sh --subscriptions 100 --throughput-events 5 --latency-seconds 10 \
#       --outage-seconds 20 --outage-events 1    # a smoke run
#   benchmarks/webhooks.sh --phases latency --latency-rate 0.5 --jfr
#
# Options (defaults): --subscriptions 1000 --concurrency 256 --throughput-events 30
# --latency-rate 1 (events/s) --latency-seconds 60 --outage-seconds 180 --outage-events 3
# --settle-seconds 900 --quiet-seconds 30 --verify-every 10 --phases throughput,latency,outage
# --service-jvm "-Xmx768m" --jar webhook-service/target/webhook-service.jar --jfr --work DIR.
# Builds webhook-service and the harness first unless NO_BUILD=1. The harness binds only
# ephemeral loopback ports; run it under flock /tmp/equitoken-heavy.lock on a shared machine so
# that the numbers mean something.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${NO_BUILD:-0}" != 1 ]; then
  ./mvnw -B -q -ntp -pl webhook-service,benchmarks -am -DskipTests -Dquickly package \
    dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
fi
echo "== uptime before: $(uptime)"
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/ {print $2}') GiB"
set +e
java -Xmx1g -cp "benchmarks/target/test-classes:benchmarks/target/classes:$(cat benchmarks/target/test-classpath.txt)" \
  io.equitoken.benchmarks.webhooks.WebhookDeliveryBench --root . "$@"
code=$?
set -e
echo "== uptime after: $(uptime)"
exit $code
