-- Whether a session the server remembered (not looked up for this request) is still what the
-- server believes: live, not expired, its user not deleted and still of the same role, bank and
-- class, with no password to choose (plugins/auth.ts, sessionCheckedByStatement). A group that
-- writes requests of remembered sessions (store_order_group, auction_bid_group) answers BK401 for
-- one that is not, before its key or anything else; the server then looks it up as any call does.
-- Applied after the migrations on every migrate (db/migrate.ts): this file is its one definition.
CREATE OR REPLACE FUNCTION session_is_current(
  p_session_id bigint,
  p_user_id integer,
  p_role text,
  p_bank_id integer,
  p_branch_id integer
) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = p_session_id AND s.revoked_at IS NULL AND s.expires_at > now() AND u.deleted_at IS NULL
       AND u.id = p_user_id AND u.role = p_role AND u.bank_id = p_bank_id
       AND u.branch_id IS NOT DISTINCT FROM p_branch_id AND NOT u.must_change_password);
END
$$;
