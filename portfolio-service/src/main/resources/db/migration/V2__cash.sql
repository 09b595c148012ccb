-- The cash read model, built only from trading's cash.changed events (docs/services/portfolio-service.md).

-- Every cash ledger entry trading reported, once per owner and sequence; each carries the whole
-- account after it (balance, reserved, available).
create table cash_change (
    owner_id        text        not null,
    sequence        bigint      not null,
    currency        text        not null,
    balance         numeric     not null,
    reserved        numeric     not null,
    available       numeric     not null,
    amount          numeric     not null,
    reserved_change numeric     not null,
    reason          text        not null,
    order_id        text,
    trade_id        text,
    deposit_id      text,
    withdrawal_id   text,
    token_id        text,
    price           numeric,
    quantity        numeric,
    fee             numeric,
    occurred_at     timestamptz not null,
    primary key (owner_id, sequence)
);

-- The cash legs of a trade, joined onto the owner's holding transactions by trade id.
create index cash_change_trade on cash_change (owner_id, trade_id) where trade_id is not null;
-- The cash-only transactions (deposits, paid withdrawals, adjustments, fees), newest first.
create index cash_change_history on cash_change (owner_id, occurred_at desc, sequence desc)
    where reason in ('deposit', 'withdrawal_paid', 'adjustment', 'fee');

-- The current account: the change with the highest sequence per owner.
create table cash_account (
    owner_id    text        primary key,
    sequence    bigint      not null,
    currency    text        not null,
    balance     numeric     not null,
    reserved    numeric     not null,
    available   numeric     not null,
    updated_at  timestamptz not null
);
