-- trading-service: the cash ledger (docs/services/trading-service.md, "Money"). One settlement
-- currency; every amount is an integer number of minor units (cents for USD). Each account change
-- is one cash_entry, written by the same statement that changes the account, so that the entries
-- of an owner replay its balance exactly.

create table cash_account (
    owner_id    text        primary key,
    currency    text        not null,
    balance     bigint      not null default 0,
    reserved    bigint      not null default 0,
    -- the sequence of the owner's newest entry (cash.changed carries it)
    sequence    bigint      not null default 0,
    updated_at  timestamptz not null,
    constraint cash_reserved_not_negative check (reserved >= 0),
    constraint cash_available_not_negative check (balance >= reserved)
);

create table cash_entry (
    id               uuid        primary key,
    owner_id         text        not null,
    sequence         bigint      not null,
    kind             text        not null check (kind in ('deposit', 'withdrawal_requested',
                         'withdrawal_paid', 'withdrawal_failed', 'order_reserved', 'order_released',
                         'buy', 'sell', 'fee', 'adjustment')),
    amount           bigint      not null,
    reserved_change  bigint      not null,
    balance_after    bigint      not null,
    reserved_after   bigint      not null,
    order_id         uuid,
    trade_id         text,
    deposit_id       uuid,
    withdrawal_id    uuid,
    token_id         text,
    price            numeric,
    quantity         numeric,
    fee              bigint,
    reason           text,
    actor            text,
    occurred_at      timestamptz not null,
    unique (owner_id, sequence)
);

-- A buy order's reservation: what intake reserved, what its fills spent (the cumulative notional,
-- rounded half up to minor units), and what was released when the order ended.
create table cash_reservation (
    order_id    uuid        primary key,
    owner_id    text        not null,
    amount      bigint      not null check (amount > 0),
    notional    numeric     not null default 0,
    spent       bigint      not null default 0,
    released    bigint      not null default 0,
    closed_at   timestamptz,
    check (spent + released <= amount)
);

create table cash_deposit (
    id                  uuid        primary key,
    owner_id            text        not null,
    amount              bigint      not null check (amount > 0),
    external_reference  text        not null unique,
    recorded_by         text        not null,
    recorded_at         timestamptz not null
);

create index cash_deposit_owner on cash_deposit (owner_id, recorded_at desc, id desc);

create table cash_withdrawal (
    id                  uuid        primary key,
    owner_id            text        not null,
    amount              bigint      not null check (amount > 0),
    status              text        not null check (status in ('requested', 'paid', 'failed')),
    requested_by        text        not null,
    requested_at        timestamptz not null,
    external_reference  text,
    failure_reason      text,
    settled_by          text,
    settled_at          timestamptz
);

create index cash_withdrawal_owner on cash_withdrawal (owner_id, requested_at desc, id desc);
create index cash_withdrawal_status on cash_withdrawal (status, requested_at desc, id desc);

-- Every execution's cash legs, once: the trade id is the idempotency key of delivery versus payment.
create table cash_settlement (
    trade_id       text        primary key,
    buy_order_id   uuid        not null,
    sell_order_id  uuid        not null,
    buyer_id       text        not null,
    seller_id      text        not null,
    amount         bigint      not null,
    fee            bigint      not null,
    -- 'unfunded': a buy placed before the ledger existed has no reservation; nothing moved
    status         text        not null check (status in ('settled', 'unfunded')),
    settled_at     timestamptz not null
);
