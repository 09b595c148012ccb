-- Listings, their tokens and the tokens' compartments. Amounts are numeric without a fixed scale:
-- the service keeps them exact (BigDecimal) and normalised; bounds are checked at the API edge.

create table listing (
    -- "C" collation: the public order (name_key, id) is byte order, the same on every server,
    -- so keyset pagination is stable regardless of the database's locale.
    id              text collate "C" primary key,
    founder_id      text        not null,
    name            text        not null,
    name_key        text collate "C" not null,
    description     text        not null,
    problem         text        not null,
    solution        text        not null,
    sector          text        not null,
    stage           text        not null,
    country         text        not null,
    raise_target    numeric     not null check (raise_target > 0),
    raise_progress  numeric     not null default 0 check (raise_progress >= 0),
    team            jsonb       not null default '[]',
    documents       jsonb       not null default '[]',
    status          text        not null check (status in ('draft', 'active', 'suspended', 'closed')),
    created_at      timestamptz not null,
    updated_at      timestamptz not null
);

create index listing_public_order on listing (name_key, id) where status = 'active';
create index listing_founder on listing (founder_id);

create table compartment (
    id                 text    primary key,
    jurisdiction       text    not null,
    structure          text    not null,
    bankruptcy_remote  boolean not null
);

create table token (
    id                   text        primary key,
    listing_id           text collate "C" not null references listing (id),
    isin                 text        not null,
    token_name           text        not null,
    supply               numeric     not null check (supply > 0),
    price                numeric     not null check (price > 0),
    compartment_id       text        not null references compartment (id),
    issuer_principal_id  text        not null,
    issued_at            timestamptz not null,
    price_as_of          timestamptz not null,
    constraint token_one_per_listing unique (listing_id),
    constraint token_isin_unique unique (isin),
    constraint token_one_per_compartment unique (compartment_id)
);

-- Creating calls' Idempotency-Keys, scoped to the calling principal.
create table idempotency_key (
    principal_id     text        not null,
    idempotency_key  text        not null,
    operation        text        not null,
    fingerprint      text        not null,
    resource_id      text        not null,
    created_at       timestamptz not null,
    primary key (principal_id, idempotency_key)
);
