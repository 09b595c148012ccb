-- trading-service: liquidity windows, orders and their fills, price data, and the read models of
-- other services' events (KYC standing, listings and tokens). Amounts are numeric without a fixed
-- scale (BigDecimal end to end); times are timestamptz (UTC at the API).

create table liquidity_window (
    id                 uuid        primary key,
    status             text        not null check (status in ('scheduled', 'open', 'closed', 'cancelled')),
    mechanism          text        not null check (mechanism in ('continuous', 'call_auction', 'continuous_with_closing_auction')),
    opens              timestamptz not null,
    closes             timestamptz not null check (closes > opens),
    call_phase_starts  timestamptz,
    price_band         numeric     check (price_band > 0),
    -- empty: every tradable token
    token_ids          text[]      not null default '{}',
    in_call_phase      boolean     not null default false,
    last_indicated_at  timestamptz,
    created_by         text        not null,
    created_at         timestamptz not null,
    opened_at          timestamptz,
    closed_at          timestamptz,
    cancelled_at       timestamptz,
    cancel_reason      text
);

create index liquidity_window_order on liquidity_window (opens, id);
create index liquidity_window_due on liquidity_window (status, opens, closes)
    where status in ('scheduled', 'open');
create index liquidity_window_tokens on liquidity_window using gin (token_ids);

-- The tokens a window was opened for (the window's own list, or every tradable token at the
-- moment it opened, plus tokens that became tradable while it was open): the clock closes exactly
-- these, and the order gate asks this table.
create table window_token (
    window_id  uuid not null references liquidity_window (id),
    token_id   text not null,
    primary key (window_id, token_id)
);

create index window_token_token on window_token (token_id);

-- The latest auction.indicative per window and token (call phase only), and the auction.result.
create table auction_state (
    window_id          uuid        not null,
    token_id           text        not null,
    indicative_price   numeric,
    indicative_volume  numeric,
    imbalance          numeric,
    imbalance_side     text,
    as_of              timestamptz,
    cleared            boolean,
    clearing_price     numeric,
    decided_at         timestamptz,
    primary key (window_id, token_id)
);

create table trade_order (
    id                  uuid        primary key,
    owner_id            text        not null,
    token_id            text        not null,
    side                text        not null check (side in ('buy', 'sell')),
    quantity            numeric     not null check (quantity > 0),
    limit_price         numeric     not null check (limit_price > 0),
    window_id           uuid        not null,
    status              text        not null check (status in ('pending', 'open', 'partially_filled', 'filled', 'cancelled', 'expired', 'rejected')),
    filled_quantity     numeric     not null default 0,
    remaining_quantity  numeric     not null,
    average_price       numeric,
    reason_code         text,
    reason_detail       text,
    cancel_requested_at timestamptz,
    created_at          timestamptz not null,
    updated_at          timestamptz not null
);

create index trade_order_owner on trade_order (owner_id, created_at desc, id desc);

create table order_fill (
    order_id     uuid        not null references trade_order (id),
    trade_id     text        not null,
    price        numeric     not null,
    quantity     numeric     not null,
    executed_at  timestamptz not null,
    primary key (order_id, trade_id)
);

-- Every execution once (trade.executed), for price history and bars.
create table executed_trade (
    trade_id     text        primary key,
    token_id     text        not null,
    window_id    uuid,
    price        numeric     not null,
    quantity     numeric     not null,
    executed_at  timestamptz not null
);

create index executed_trade_token on executed_trade (token_id, window_id, executed_at);

-- Read model of compliance.events.v1 status.changed: the newest standing per investor.
create table kyc_standing (
    investor_id  text        primary key,
    kyc_state    text        not null,
    expires_at   timestamptz,
    changed_at   timestamptz not null
);

-- Read model of listings.events.v1: listings (status) and their tokens.
create table listing_state (
    listing_id  text        primary key,
    status      text        not null,
    token_id    text,
    changed_at  timestamptz not null
);

create table token (
    token_id      text        primary key,
    listing_id    text        not null,
    issuer_id     text        not null,
    supply        numeric     not null,
    issue_price   numeric     not null,
    tick_size     numeric     not null,
    lot_size      numeric     not null,
    issued_at     timestamptz not null
);

create index token_listing on token (listing_id);

-- Operator transfers as requested (the audit trail); the matcher executes them.
create table holding_transfer (
    id            uuid        primary key,
    token_id      text        not null,
    from_id       text        not null,
    to_id         text        not null,
    quantity      numeric     not null check (quantity > 0),
    reason        text        not null,
    requested_by  text        not null,
    requested_at  timestamptz not null
);

create index holding_transfer_token on holding_transfer (token_id, requested_at);
