-- API keys: the secret is never stored, only its HMAC-SHA256 under a server-side pepper.
create table api_key (
    id           varchar(128) primary key,
    name         varchar(100) not null,
    principal_id varchar(64)  not null,
    roles        text[]       not null,
    secret_hash  bytea        not null,
    created_at   timestamptz  not null,
    created_by   varchar(64)  not null,
    revoked_at   timestamptz,
    revoked_by   varchar(64)
);

create index api_key_principal_idx on api_key (principal_id);

-- Which key a caller's Idempotency-Key created, and a digest of the request it came with.
create table api_key_idempotency (
    principal_id        varchar(64)  not null,
    idempotency_key     varchar(255) not null,
    request_fingerprint bytea        not null,
    api_key_id          varchar(128) not null references api_key (id) deferrable initially deferred,
    created_at          timestamptz  not null,
    primary key (principal_id, idempotency_key)
);

-- JWT signing keys. The unique generation makes concurrent rotations by several instances safe:
-- exactly one insert of the next generation wins. Private halves are AES-GCM encrypted and
-- erased once a key is retired.
create table signing_key (
    kid                   varchar(64)  primary key,
    generation            integer      not null unique,
    algorithm             varchar(16)  not null,
    public_jwk            text         not null,
    encrypted_private_jwk bytea,
    created_at            timestamptz  not null,
    retired_at            timestamptz,
    verify_until          timestamptz
);
