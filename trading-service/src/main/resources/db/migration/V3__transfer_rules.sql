-- trading-service: per-token transfer rules (docs/services/trading-service.md, "Transfer rules").

-- What the rules need of an investor, from compliance's status.changed.
alter table kyc_standing add column country text;
alter table kyc_standing add column accreditation text not null default 'none';
alter table kyc_standing add column accreditation_expires_at timestamptz;

-- Every version of a token's rules, never updated or deleted: who set it, when and why.
create table token_rules (
    token_id                     text        not null,
    version                      bigint      not null check (version >= 1),
    max_holders                  bigint      check (max_holders >= 1),
    max_non_accredited_holders   bigint      check (max_non_accredited_holders >= 0),
    accredited_only              boolean     not null,
    allowed_jurisdictions        text[]      not null,
    blocked_jurisdictions        text[]      not null,
    -- tokens; a percent of supply is resolved to tokens when the version is set
    max_holding                  numeric     check (max_holding > 0),
    max_holding_percent          numeric     check (max_holding_percent > 0 and max_holding_percent <= 100),
    lockup_days                  bigint      check (lockup_days >= 1),
    lockup_all_purchases         boolean     not null,
    min_order_size               numeric     check (min_order_size > 0),
    effective_at                 timestamptz not null,
    reason                       text        not null,
    changed_by                   text        not null,
    changed_at                   timestamptz not null,
    primary key (token_id, version)
);

create index token_rules_effective on token_rules (token_id, effective_at desc, version desc);

-- Read model of holding.changed (trading.events.v1): the latest projected holdings, which
-- POST /trade/check judges the holder caps and the maximum holding by. Advisory: the matcher's
-- engine is the authority.
create table holding_state (
    token_id   text    not null,
    owner_id   text    not null,
    quantity   numeric not null,
    sequence   bigint  not null,
    primary key (token_id, owner_id)
);
