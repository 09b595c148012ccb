-- Idempotency-Key of POST /developer/api-key now lives in platform-web's idempotency_record
-- (created by the platform migration V0_2, docs/platform.md), which keeps the first answer without
-- its one-time secret. The old table only named the created key; its rows are not carried over
-- (the request fingerprints were computed differently), so a retry of a request sent before this
-- migration, within the old 24 h window, creates a new key.
drop table api_key_idempotency;
