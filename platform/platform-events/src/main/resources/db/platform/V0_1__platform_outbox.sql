-- Transactional outbox (platform-events): rows are written in the same transaction as the
-- business change and published to Kafka in seq order by the OutboxRelay.
create table outbox_event (
    seq           bigserial primary key,
    event_id      uuid        not null unique,
    topic         text        not null,
    event_key     text        not null,
    event_type    text        not null,
    source        text        not null,
    subject       text,
    occurred_at   timestamptz not null,
    payload       text        not null,
    published_at  timestamptz
);

create index outbox_event_unpublished on outbox_event (seq) where published_at is null;

-- Idempotent consumers: one row per (consumer, event id) handled.
create table processed_event (
    consumer      text        not null,
    event_id      text        not null,
    processed_at  timestamptz not null default now(),
    primary key (consumer, event_id)
);
