-- Family codes of 9 characters (about 45 bits) replace the guessable 6 (issue 27): every existing family gets a
-- new code, so the old ones stop working. Each character comes from two bytes of a hash of two random UUIDs
-- (PostgreSQL's strong random source; the modulo bias over 65,536 is negligible). A code already taken is drawn again.
DO $$
DECLARE
  f record;
  h bytea;
  c text;
BEGIN
  FOR f IN SELECT id FROM families LOOP
    LOOP
      h := sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()));
      c := '';
      FOR i IN 0..8 LOOP
        c := c || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + ((get_byte(h, 2 * i) * 256 + get_byte(h, 2 * i + 1)) % 31), 1);
      END LOOP;
      BEGIN
        UPDATE families SET code = c WHERE id = f.id;
        EXIT;
      EXCEPTION WHEN unique_violation THEN
        NULL;
      END;
    END LOOP;
  END LOOP;
END
$$;
