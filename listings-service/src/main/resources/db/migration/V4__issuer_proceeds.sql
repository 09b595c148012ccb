-- raiseProgress counts money actually paid to the issuer: the gross proceeds (amount + fee) of
-- trading's cash.changed entries with reason `sell` on the issuer's own cash account, once per
-- trade (docs/services/listings-service.md).
create table issuer_proceeds (
    trade_id     text        primary key,
    listing_id   text        not null,
    token_id     text        not null,
    gross        numeric     not null,
    fee          numeric     not null,
    paid_at      timestamptz not null
);

create index issuer_proceeds_listing on issuer_proceeds (listing_id);

-- Until now raiseProgress added the value of the issuer's trades, whether or not anything was paid;
-- no such trade moved money, so the progress paid so far is 0 (the sum over the empty table).
update listing set raise_progress = 0 where raise_progress <> 0;
