-- Subscriptions and the durable delivery queue with its log.

create table subscription (
    id                          uuid        primary key,
    owner_id                    text        not null,
    -- whether the owner was an operator when subscribing: only then do other principals'
    -- private events reach this subscription
    owner_operator              boolean     not null,
    url                         text        not null,
    event_types                 text[]      not null,
    description                 text,
    status                      text        not null check (status in ('enabled', 'disabled')),
    disabled_reason             text,
    disabled_at                 timestamptz,
    secret                      text        not null,
    previous_secret             text,
    previous_secret_expires_at  timestamptz,
    -- start of the current run of failed attempts; null after any success
    failing_since               timestamptz,
    created_at                  timestamptz not null,
    updated_at                  timestamptz not null
);

create index subscription_owner_order on subscription (owner_id, created_at, id);
create index subscription_order on subscription (created_at, id);
create index subscription_types on subscription using gin (event_types) where status = 'enabled';

create table delivery (
    id               uuid        primary key,
    subscription_id  uuid        not null references subscription (id) on delete cascade,
    message_id       text        not null,
    event_id         text        not null,
    event_type       text        not null,
    payload          text        not null,
    status           text        not null check (status in ('pending', 'succeeded', 'failed')),
    step             integer     not null,
    attempts         integer     not null,
    next_attempt_at  timestamptz,
    lease_until      timestamptz,
    created_at       timestamptz not null,
    last_attempt_at  timestamptz,
    -- fan-out is idempotent: one delivery per subscription and event
    unique (subscription_id, event_id)
);

create index delivery_due on delivery (next_attempt_at) where status = 'pending';
create index delivery_log on delivery (subscription_id, created_at desc, id desc);

create table delivery_attempt (
    id                bigserial   primary key,
    delivery_id       uuid        not null references delivery (id) on delete cascade,
    attempted_at      timestamptz not null,
    response_status   integer,
    duration_ms       bigint      not null,
    response_excerpt  text,
    error             text,
    next_attempt_at   timestamptz
);

create index delivery_attempt_delivery on delivery_attempt (delivery_id, id);
