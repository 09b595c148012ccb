-- Every committed change to what GET /listings/{id} reads (the listing row and its token's
-- supply and price) is announced on channel listing_changed with the listing's id, to every
-- replica's read cache (platform-web DatabaseChangeFeed). NOTIFY is transactional: delivered at
-- commit, never for a rolled-back change, and one per listing per transaction.
create function notify_listing_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('listing_changed', case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end $$;

create function notify_token_listing_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify(
      'listing_changed', case when tg_op = 'DELETE' then old.listing_id else new.listing_id end);
  return null;
end $$;

create trigger listing_changed after insert or update or delete on listing
    for each row execute function notify_listing_changed();

create trigger token_listing_changed after insert or update or delete on token
    for each row execute function notify_token_listing_changed();
