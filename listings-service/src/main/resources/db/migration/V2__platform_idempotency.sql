-- Idempotency-Keys moved to platform-web's Idempotency (table idempotency_record, db/platform).
drop table if exists idempotency_key;
