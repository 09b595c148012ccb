-- Traces across Kafka (docs/observability.md): the W3C traceparent of the span the outbox row was
-- written under; the OutboxRelay puts it on the record as the `traceparent` header, so that the
-- consumer continues the same trace. Null when there was no span (tracing off, a background job).
alter table outbox_event add column if not exists traceparent text;
