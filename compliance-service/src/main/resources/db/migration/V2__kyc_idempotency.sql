-- Idempotency-Key of POST /compliance/kyc: a retried request gets the original answer.
ALTER TABLE kyc_submission ADD COLUMN idempotency_key text;
ALTER TABLE kyc_submission ADD COLUMN request_fingerprint char(64);

CREATE UNIQUE INDEX kyc_submission_idempotency
  ON kyc_submission (investor_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
