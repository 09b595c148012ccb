#!/usr/bin/env bash
# One-shot topic creation for docker-compose.yml (the broker runs with auto.create.topics.enable=false)
# from the topic catalogue deploy/kafka/topics.txt, which platform-local reads too.
# Kubernetes declares the same topics as Strimzi KafkaTopic resources (k8s/components/strimzi-kafka).
set -euo pipefail

BOOTSTRAP="${KAFKA_BOOTSTRAP:-kafka:9092}"
PARTITIONS="${TOPIC_PARTITIONS:-3}"
TRADING_PARTITIONS="${TRADING_TOPIC_PARTITIONS:-12}"
CATALOGUE="${TOPICS_FILE:-$(dirname "$0")/topics.txt}"

while read -r topic partitions settings; do
  [[ -z "${topic}" || "${topic}" == \#* ]] && continue
  case "${partitions}" in
    events) partitions="${PARTITIONS}" ;;
    trading) partitions="${TRADING_PARTITIONS}" ;;
  esac
  configs=()
  if [[ "${settings}" != "-" ]]; then
    IFS=',' read -r -a pairs <<< "${settings}"
    for pair in "${pairs[@]}"; do configs+=(--config "${pair}"); done
  fi
  /opt/kafka/bin/kafka-topics.sh --bootstrap-server "${BOOTSTRAP}" --create --if-not-exists \
    --topic "${topic}" --partitions "${partitions}" --replication-factor 1 ${configs[@]+"${configs[@]}"}
done < "${CATALOGUE}"

/opt/kafka/bin/kafka-topics.sh --bootstrap-server "${BOOTSTRAP}" --list
