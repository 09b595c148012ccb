-- Idempotency-Key records (platform-web Idempotency): the first answer to a creating call, replayed
-- for a retry with the same key and body. Keys are scoped to the calling principal and the
-- operation. Rows older than equitoken.idempotency.retention are purged in bounded batches.
-- (Named idempotency_record: listings-service's own V1 already owns a table idempotency_key.)
create table idempotency_record (
    principal_id     text        not null,
    operation        text        not null,
    idempotency_key  text        not null,
    fingerprint      text        not null,
    status           integer     not null,
    headers          text        not null,
    body             text,
    created_at       timestamptz not null,
    primary key (principal_id, operation, idempotency_key)
);

create index idempotency_record_created_at on idempotency_record (created_at);
