-- trading-service: the audit log covers every operator action of the market
-- (docs/services/trading-service.md, "Audit log"). Halts, freezes, cancel-alls and window
-- cancellations write their operator_action row themselves; the actions whose own row already
-- names who, when and why add theirs by trigger, in the same transaction as that row.

create function operator_action_of_rules() returns trigger language plpgsql as $$
begin
    insert into operator_action (id, action, subject_type, subject_id, token_id, actor, reason, details, at)
    values (gen_random_uuid(), 'rules.set', 'token', new.token_id, new.token_id, new.changed_by,
            new.reason, jsonb_build_object('version', new.version, 'effectiveAt', new.effective_at),
            new.changed_at);
    return new;
end $$;

create trigger token_rules_audited after insert on token_rules
    for each row execute function operator_action_of_rules();

create function operator_action_of_transfer() returns trigger language plpgsql as $$
begin
    insert into operator_action (id, action, subject_type, subject_id, token_id, actor, reason, details, at)
    values (gen_random_uuid(), 'transfer', 'token', new.token_id, new.token_id, new.requested_by,
            new.reason, jsonb_build_object('transferId', new.id, 'from', new.from_id, 'to', new.to_id,
            'quantity', new.quantity), new.requested_at);
    return new;
end $$;

create trigger holding_transfer_audited after insert on holding_transfer
    for each row execute function operator_action_of_transfer();

create function operator_action_of_window() returns trigger language plpgsql as $$
begin
    insert into operator_action (id, action, subject_type, subject_id, token_id, actor, reason, details, at)
    values (gen_random_uuid(), 'window.schedule', 'window', new.id::text, null, new.created_by, null,
            jsonb_build_object('mechanism', new.mechanism, 'opens', new.opens, 'closes', new.closes,
            'tokenIds', to_jsonb(new.token_ids)), new.created_at);
    return new;
end $$;

create trigger liquidity_window_audited after insert on liquidity_window
    for each row execute function operator_action_of_window();

create function operator_action_of_adjustment() returns trigger language plpgsql as $$
begin
    if new.kind = 'adjustment' then
        insert into operator_action (id, action, subject_type, subject_id, token_id, actor, reason, details, at)
        values (gen_random_uuid(), 'cash.adjustment', 'account', new.owner_id, null,
                coalesce(new.actor, 'unknown'), new.reason,
                jsonb_build_object('entryId', new.id, 'amountMinor', new.amount), new.occurred_at);
    end if;
    return new;
end $$;

create trigger cash_entry_audited after insert on cash_entry
    for each row execute function operator_action_of_adjustment();

-- what was done before the log existed
insert into operator_action (id, action, subject_type, subject_id, token_id, actor, reason, details, at)
select gen_random_uuid(), 'rules.set', 'token', token_id, token_id, changed_by, reason,
       jsonb_build_object('version', version, 'effectiveAt', effective_at), changed_at
  from token_rules;
insert into operator_action (id, action, subject_type, subject_id, token_id, actor, reason, details, at)
select gen_random_uuid(), 'transfer', 'token', token_id, token_id, requested_by, reason,
       jsonb_build_object('transferId', id, 'from', from_id, 'to', to_id, 'quantity', quantity),
       requested_at
  from holding_transfer;
insert into operator_action (id, action, subject_type, subject_id, token_id, actor, reason, details, at)
select gen_random_uuid(), 'window.schedule', 'window', id::text, null, created_by, null,
       jsonb_build_object('mechanism', mechanism, 'opens', opens, 'closes', closes,
       'tokenIds', to_jsonb(token_ids)), created_at
  from liquidity_window;
insert into operator_action (id, action, subject_type, subject_id, token_id, actor, reason, details, at)
select gen_random_uuid(), 'cash.adjustment', 'account', owner_id, null, coalesce(actor, 'unknown'),
       reason, jsonb_build_object('entryId', id, 'amountMinor', amount), occurred_at
  from cash_entry where kind = 'adjustment';
