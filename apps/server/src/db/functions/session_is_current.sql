-- Whether the session of a group's request (store_order_group, auction_bid_group: its fields
-- sessionId, userId, role, bankId, branchId) is still what the server believed when it took the
-- actor from its memory instead of looking the session up (plugins/auth.ts,
-- sessionCheckedByStatement): live, not expired, its user not deleted and still of the same
-- role, bank and class, with no password to choose. True for a request without a session to
-- check (the server looked it up). A group answers BK401 for one that is not, before its key or
-- anything else; the server then looks the session up as any call does.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION session_is_current(p_request jsonb) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN p_request ->> 'sessionId' IS NULL OR EXISTS (
    SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = (p_request ->> 'sessionId')::bigint AND s.revoked_at IS NULL AND s.expires_at > now()
       AND u.deleted_at IS NULL AND u.id = (p_request ->> 'userId')::integer AND u.role = p_request ->> 'role'
       AND u.bank_id = (p_request ->> 'bankId')::integer
       AND u.branch_id IS NOT DISTINCT FROM (p_request ->> 'branchId')::integer
       AND NOT u.must_change_password);
END
$$;
