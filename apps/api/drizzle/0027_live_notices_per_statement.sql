-- Issue 30. The bell's live events per statement (decision 043): a statement that tells a
-- company's staff (a booking, a confirmation) inserts one notification row each; a row trigger
-- ran a PL/pgSQL call and an INSERT of one live_events row for each of them. These statement
-- triggers read the statement's rows from its transition table and insert every row's event in
-- one INSERT, announced in the same order (by notification id) with the same payload as before.
-- A statement that changes no notification inserts and announces nothing.
CREATE FUNCTION "haulpro_live_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE e record;
BEGIN
  FOR e IN
    INSERT INTO "live_events" ("audience", "kind", "data")
    SELECT 'user:' || n.user_id, 'notification',
      jsonb_build_object('id', n.id, 'title', n.title, 'link', n.link, 'unread', n.read_at IS NULL)
    FROM changed n ORDER BY n.id
    RETURNING "id", "audience", "data"
  LOOP
    PERFORM pg_notify('haulpro_live', json_build_object('id', e.id, 'a', e.audience, 'k', 'notification', 'd', e.data)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_live_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_live_notifications"();
--> statement-breakpoint
CREATE TRIGGER "notifications_live_update" AFTER UPDATE ON "notifications" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "haulpro_live_notifications"();
--> statement-breakpoint
DROP TRIGGER "notifications_live" ON "notifications";
--> statement-breakpoint
DROP FUNCTION "haulpro_live_notification"();
