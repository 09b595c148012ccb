-- The dispatcher claims per subscription (a LATERAL index scan of each enabled subscription's due
-- deliveries, at most its free slots): with 30,000 due rows the window over every due row took
-- about 0.5 s per claim of 256 (docs/benchmarks.md). This index replaces
-- delivery_due, which nothing else reads.
create index delivery_pending_by_subscription
    on delivery (subscription_id, next_attempt_at, created_at, id) where status = 'pending';

drop index delivery_due;
