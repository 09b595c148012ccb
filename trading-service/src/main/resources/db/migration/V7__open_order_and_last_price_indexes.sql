-- An order's intake counts the investor's open orders in the token (the open-order cap, twice) and
-- the transfer rules sum its open buys; without this index each count read every order the
-- investor ever placed, so intake slowed as the order history grew.
create index trade_order_open on trade_order (owner_id, token_id)
    where status in ('pending', 'open', 'partially_filled');

-- The token's last traded price, read on every order's intake: the newest execution of the token
-- by an index scan of one row, instead of every execution of the token sorted.
create index executed_trade_latest on executed_trade (token_id, executed_at desc);
