#!/usr/bin/env bash
# Runs once, from /docker-entrypoint-initdb.d, when the postgres container starts on an empty data
# volume. One database and one login role per service (database name = role name, docs/conventions.md);
# a service never gets access to another service's database.
#
# Passwords come from the environment (deploy/compose/env/postgres.env, local demo values only).
set -euo pipefail

create_service_database() {
  local db="$1" password="$2"
  psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER}" --dbname postgres \
    --set=db="${db}" --set=password="${password}" <<'SQL'
CREATE ROLE :"db" LOGIN PASSWORD :'password';
CREATE DATABASE :"db" OWNER :"db";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
SQL
  echo "created database and role ${db}"
}

create_service_database identity "${IDENTITY_DB_PASSWORD:?IDENTITY_DB_PASSWORD is required}"
create_service_database listings "${LISTINGS_DB_PASSWORD:?LISTINGS_DB_PASSWORD is required}"
create_service_database compliance "${COMPLIANCE_DB_PASSWORD:?COMPLIANCE_DB_PASSWORD is required}"
create_service_database portfolio "${PORTFOLIO_DB_PASSWORD:?PORTFOLIO_DB_PASSWORD is required}"
create_service_database trading "${TRADING_DB_PASSWORD:?TRADING_DB_PASSWORD is required}"

create_service_database webhooks "${WEBHOOKS_DB_PASSWORD:?WEBHOOKS_DB_PASSWORD is required}"
