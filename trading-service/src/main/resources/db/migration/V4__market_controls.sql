-- trading-service: operators' market controls and their audit log
-- (docs/services/trading-service.md, "Market controls").

-- Each token's last halt or resume (no row: never halted). Order intake reads `halted` with its
-- other facts; the matcher, which gets the same halt as a command, is the authority.
create table market_halt (
    token_id       text        primary key,
    halted         boolean     not null,
    cancel_orders  boolean     not null,
    reason         text        not null,
    changed_by     text        not null,
    changed_at     timestamptz not null
);

-- Every operator action of the market, never updated or deleted, written in the same transaction
-- as the action: what, on what, who, why, when.
create table operator_action (
    id            uuid        primary key,
    action        text        not null,
    subject_type  text        not null,
    subject_id    text        not null,
    token_id      text,
    actor         text        not null,
    reason        text,
    details       jsonb       not null default '{}'::jsonb,
    at            timestamptz not null
);

create index operator_action_at on operator_action (at, id);
create index operator_action_subject on operator_action (subject_id, at, id);
