-- A subscription records the API key (the token's azp) that created or last changed it: revoking
-- that key pauses it (status 'paused', with the reason its owner reads), so that a leaked token
-- cannot leave a permanent feed behind. Rows from before carry no key: they are paused when any
-- key of their owner is revoked.
alter table subscription add column api_key_id text;
alter table subscription add column paused_reason text;
alter table subscription add column paused_at timestamptz;

alter table subscription drop constraint subscription_status_check;
alter table subscription add constraint subscription_status_check
    check (status in ('enabled', 'disabled', 'paused'));

create index subscription_api_key on subscription (api_key_id) where status <> 'paused';
