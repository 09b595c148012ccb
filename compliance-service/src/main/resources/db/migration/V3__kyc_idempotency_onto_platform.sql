-- Idempotency-Key of POST /compliance/kyc now lives in platform-web's idempotency_record (created by
-- the platform migration V0_2, docs/platform.md): drop the key and fingerprint columns of V2. Keys
-- sent before this migration are not carried over (their fingerprints were computed differently):
-- a retry of such a request is evaluated afresh, which for a submission still pending answers 409
-- submission-pending.
DROP INDEX kyc_submission_idempotency;
ALTER TABLE kyc_submission DROP COLUMN idempotency_key;
ALTER TABLE kyc_submission DROP COLUMN request_fingerprint;
