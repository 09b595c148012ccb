-- Every transaction that adds outbox rows notifies channel outbox_event when it commits (one
-- notification per transaction: PostgreSQL folds identical ones). The relay of each replica listens,
-- so rows committed on any replica are published at once without the relay polling an idle table.
create or replace function platform_outbox_notify() returns trigger
language plpgsql as $$
begin
    perform pg_notify('outbox_event', '');
    return null;
end
$$;

create or replace trigger outbox_event_notify
    after insert on outbox_event
    for each statement execute function platform_outbox_notify();
