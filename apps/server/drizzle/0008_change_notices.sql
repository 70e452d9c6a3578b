-- Change notices (docs/decisions/009): every committed change to a table an API answer is read from is
-- announced on the channel fst_changes with the table's name, so every app instance can drop what it cached
-- from it. Row-level, so a statement that changed nothing announces nothing; PostgreSQL sends one notice per
-- table and transaction however many rows changed. Left out: rate_limits (counters no answer is read from),
-- and sessions except their deletion (their last-seen refresh is no news; their end is).
CREATE FUNCTION fst_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fst_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('rate_limits', 'sessions') LOOP
    EXECUTE format('CREATE TRIGGER fst_changes AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION fst_notify_change()', t);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fst_changes AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION fst_notify_change();
