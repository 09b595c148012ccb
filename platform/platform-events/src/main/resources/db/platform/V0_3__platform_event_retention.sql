-- Retention (EventRetention): published outbox rows and processed-event ids older than the
-- configured windows are deleted in bounded batches; these indexes find them without a scan.
create index if not exists outbox_event_published_at
    on outbox_event (published_at) where published_at is not null;

create index if not exists processed_event_processed_at on processed_event (processed_at);
