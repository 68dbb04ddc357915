-- Decision 045: a search page's listing rows are kept in memory (search-page-rows.ts). What they
-- show comes from the listing, its photos (the cover, the count) and its boosts (featured).
-- Statements writing listings are logged (0007), and every photo change also sets the listing's
-- updated_at in its transaction (listing-photos.service.ts), so it is logged too. Boosts are
-- written without touching the listing: statements writing them now append the listings they
-- touched to listing_changes, so every instance forgets those rows.
CREATE FUNCTION listing_boosts_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    ids := '{}';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT listing_id) INTO ids FROM old_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A row moved to another listing changes both.
    SELECT array_agg(DISTINCT listing_id) INTO ids
      FROM (SELECT listing_id FROM old_rows UNION SELECT listing_id FROM new_rows) moved;
  ELSE
    SELECT array_agg(DISTINCT listing_id) INTO ids FROM new_rows;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  WITH next AS (UPDATE listing_change_counter SET seq = seq + 1 RETURNING seq)
  INSERT INTO listing_changes (seq, listing_ids) SELECT seq, ids FROM next;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_boosts_log_inserts AFTER INSERT ON listing_boosts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_boosts_log_changes();
--> statement-breakpoint
CREATE TRIGGER listing_boosts_log_updates AFTER UPDATE ON listing_boosts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_boosts_log_changes();
--> statement-breakpoint
CREATE TRIGGER listing_boosts_log_deletes AFTER DELETE ON listing_boosts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_boosts_log_changes();
--> statement-breakpoint
CREATE TRIGGER listing_boosts_log_truncates AFTER TRUNCATE ON listing_boosts
  FOR EACH STATEMENT EXECUTE FUNCTION listing_boosts_log_changes();
