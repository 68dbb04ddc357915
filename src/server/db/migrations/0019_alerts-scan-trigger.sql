-- Issue 16 (decision 036): every statement that logs listing changes asks for an alerts scan.
-- One job key: while a scan waits, more changes only move it (job_key_mode 'replace'); while one
-- runs (its row is locked), graphile-worker clears the running job's key and adds a new job, so
-- a change committed during a scan always gets a scan after it. Without graphile-worker's schema
-- (a bare database before the runner first started) nothing is queued: the per-minute schedule
-- catches up.
CREATE FUNCTION alerts_request_scan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_regnamespace('graphile_worker') IS NOT NULL THEN
    PERFORM graphile_worker.add_job('alerts.scan', '{}'::json, job_key => 'alerts-scan',
      max_attempts => 10);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_changes_request_alerts_scan AFTER INSERT ON listing_changes
  FOR EACH STATEMENT EXECUTE FUNCTION alerts_request_scan();
