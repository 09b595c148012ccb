-- portfolio-service's read model, built only from listings.events.v1 and trading.events.v1.
-- Every table can be dropped and rebuilt by replaying the topics (docs/services/portfolio-service.md).

-- Tokens as listings issued them (token.issued).
create table token (
    token_id     text primary key,
    listing_id   text        not null,
    token_name   text        not null,
    supply       numeric     not null,
    issue_price  numeric     not null,
    issuer_id    text        not null,
    issued_at    timestamptz not null
);

-- Startup names (listing.published / listing.updated); the newest fact wins.
create table listing (
    listing_id   text primary key,
    name         text        not null,
    named_at     timestamptz not null
);

-- Prices of a token from `at` on: the issue price, then every price.updated.
create table price_point (
    token_id     text        not null,
    at           timestamptz not null,
    event_id     text        not null,
    price        numeric     not null,
    source       text        not null,
    primary key (token_id, at, event_id)
);

-- Every holding change trading reported, once per owner, token and sequence; cost_basis is the
-- average-cost basis after the change, folded in sequence order.
create table holding_change (
    owner_id           text        not null,
    token_id           text        not null,
    sequence           bigint      not null,
    quantity           numeric     not null,
    available_quantity numeric     not null,
    delta              numeric     not null,
    reason             text        not null,
    price              numeric,
    trade_id           text,
    order_id           text,
    transfer_id        text,
    window_id          text,
    occurred_at        timestamptz not null,
    cost_basis         numeric     not null default 0,
    primary key (owner_id, token_id, sequence)
);

create index holding_change_history
    on holding_change (owner_id, occurred_at desc, token_id desc, sequence desc) where delta <> 0;
create index holding_change_issuance on holding_change (token_id) where reason = 'issuance';

-- The current holding: the change with the highest sequence per owner and token.
create table holding (
    owner_id           text        not null,
    token_id           text        not null,
    sequence           bigint      not null,
    quantity           numeric     not null,
    available_quantity numeric     not null,
    cost_basis         numeric     not null,
    changed_at         timestamptz not null,
    primary key (owner_id, token_id)
);

create index holding_token on holding (token_id);
