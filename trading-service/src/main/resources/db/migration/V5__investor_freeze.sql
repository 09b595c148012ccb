-- trading-service: operators freezing investors (docs/services/trading-service.md, "Market controls").

-- Each investor's last freeze or unfreeze (no row: never frozen). Order intake and operator
-- transfers read `frozen`; the matcher, which gets the freeze as a command on every token's
-- partition, is the authority.
create table investor_freeze (
    investor_id  text        primary key,
    frozen       boolean     not null,
    reason       text        not null,
    changed_by   text        not null,
    changed_at   timestamptz not null
);
