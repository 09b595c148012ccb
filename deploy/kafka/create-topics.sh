#!/usr/bin/env bash
# One-shot topic creation for docker-compose.yml (the broker runs with auto.create.topics.enable=false).
# Kubernetes declares the same topics as Strimzi KafkaTopic resources (k8s/components/strimzi-kafka).
set -euo pipefail

BOOTSTRAP="${KAFKA_BOOTSTRAP:-kafka:9092}"
PARTITIONS="${TOPIC_PARTITIONS:-3}"
TRADING_PARTITIONS="${TRADING_TOPIC_PARTITIONS:-12}"

create() {
  local topic="$1" partitions="$2"
  shift 2
  /opt/kafka/bin/kafka-topics.sh --bootstrap-server "${BOOTSTRAP}" --create --if-not-exists \
    --topic "${topic}" --partitions "${partitions}" --replication-factor 1 "$@"
}

for domain in identity listings compliance portfolio; do
  create "${domain}.events.v1" "${PARTITIONS}"
  create "${domain}.events.v1.dlt" 1
done
# trading is keyed by token id; its partitions bound how many trading-service instances work in parallel
create trading.events.v1 "${TRADING_PARTITIONS}"
create trading.events.v1.dlt 1
# the matcher's input is kept for good (a clean replay of the whole history must stay possible) and
# its snapshots are compacted, one snapshot partition per command partition
create trading.orders.v1 "${TRADING_PARTITIONS}" --config retention.ms=-1
create trading.matcher-snapshots.v1 "${TRADING_PARTITIONS}" --config cleanup.policy=compact \
  --config max.message.bytes=16777216

/opt/kafka/bin/kafka-topics.sh --bootstrap-server "${BOOTSTRAP}" --list
