-- The change notices of migration 0008 go (docs/decisions/015): nothing keeps copies of answers any more, and
-- every write paid for a pg_notify. Dropping the function drops every trigger that calls it, on every table.
DROP FUNCTION IF EXISTS fst_notify_change() CASCADE;
