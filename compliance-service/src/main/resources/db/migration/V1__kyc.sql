-- One row per verification attempt; an investor's standing is their latest row.
CREATE TABLE kyc_submission (
  id                  uuid PRIMARY KEY,
  investor_id         text        NOT NULL,
  state               text        NOT NULL
                      CHECK (state IN ('pending', 'approved', 'rejected', 'revision_required', 'expired')),
  legal_name          text        NOT NULL,
  date_of_birth       date        NOT NULL,
  country             char(2)     NOT NULL,
  accreditation_claim text,
  document_types      text        NOT NULL,
  submitted_at        timestamptz NOT NULL,
  decided_at          timestamptz,
  decided_by          text,
  decision_reason     text,
  retryable           boolean,
  expires_at          timestamptz,
  version             bigint      NOT NULL DEFAULT 0
);

CREATE INDEX kyc_submission_latest ON kyc_submission (investor_id, submitted_at DESC, id DESC);
CREATE INDEX kyc_submission_queue ON kyc_submission (state, submitted_at, id);
CREATE INDEX kyc_submission_expiry ON kyc_submission (expires_at) WHERE state = 'approved';
-- Two concurrent submissions of one investor: the database lets only one be pending.
CREATE UNIQUE INDEX kyc_submission_one_pending ON kyc_submission (investor_id) WHERE state = 'pending';

-- Documents sealed with AES-256-GCM; key_id names the key so keys can rotate.
CREATE TABLE kyc_document (
  id            uuid PRIMARY KEY,
  submission_id uuid    NOT NULL REFERENCES kyc_submission (id),
  position      int     NOT NULL,
  document_type text    NOT NULL,
  content_type  text    NOT NULL,
  size_bytes    bigint  NOT NULL CHECK (size_bytes > 0),
  sha256        char(64) NOT NULL,
  key_id        text    NOT NULL,
  nonce         bytea   NOT NULL,
  ciphertext    bytea   NOT NULL,
  UNIQUE (submission_id, position)
);

-- The audit trail of decisions: rows are only ever inserted.
CREATE TABLE kyc_decision (
  id               uuid PRIMARY KEY,
  submission_id    uuid        NOT NULL REFERENCES kyc_submission (id),
  investor_id      text        NOT NULL,
  decision         text        NOT NULL CHECK (decision IN ('approved', 'rejected', 'revision_required')),
  retryable        boolean,
  reason           text        NOT NULL CHECK (length(btrim(reason)) > 0),
  decided_by       text        NOT NULL,
  decided_by_roles text        NOT NULL,
  decided_at       timestamptz NOT NULL
);

CREATE INDEX kyc_decision_submission ON kyc_decision (submission_id, decided_at);

CREATE FUNCTION kyc_decision_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'kyc_decision is an append-only audit trail: % is not allowed', TG_OP;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER kyc_decision_no_update_or_delete
  BEFORE UPDATE OR DELETE ON kyc_decision
  FOR EACH ROW EXECUTE FUNCTION kyc_decision_append_only();

CREATE TRIGGER kyc_decision_no_truncate
  BEFORE TRUNCATE ON kyc_decision
  FOR EACH STATEMENT EXECUTE FUNCTION kyc_decision_append_only();
