-- Which API key's token created a key (audit; null for keys provisioned from configuration), and
-- an index for listing a principal's keys page by page and counting their active ones.
alter table api_key add column created_with_key varchar(128);

create index api_key_principal_created_idx on api_key (principal_id, created_at, id);
