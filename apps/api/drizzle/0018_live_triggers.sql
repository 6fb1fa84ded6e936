-- Live updates (issue 29, decision 031). Every change a user should see at once becomes a row of
-- live_events in the writing transaction, whoever wrote it (a user, a job, a payment webhook), and
-- each such row is announced on 'haulpro_live' when the transaction commits. Every API process
-- LISTENs and hands the event to the streams of its audience; `Last-Event-ID` resumes from the
-- table. Payloads carry ids and states only: the client re-reads what it shows through the API,
-- which applies the viewer's permissions and can* flags.
CREATE FUNCTION "haulpro_live"(p_audience text, p_kind text, p_data jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "live_events" ("audience", "kind", "data") VALUES (p_audience, p_kind, p_data);
$$;
--> statement-breakpoint
CREATE FUNCTION "haulpro_live_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('haulpro_live', json_build_object('id', NEW.id, 'a', NEW.audience, 'k', NEW.kind, 'd', NEW.data)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "live_events_announce" AFTER INSERT ON "live_events" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_announce"();
--> statement-breakpoint
-- The bell: a new notification, or one read in another tab.
CREATE FUNCTION "haulpro_live_notification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM haulpro_live('user:' || NEW.user_id, 'notification',
    jsonb_build_object('id', NEW.id, 'title', NEW.title, 'link', NEW.link, 'unread', NEW.read_at IS NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_live" AFTER INSERT OR UPDATE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_notification"();
--> statement-breakpoint
-- An order's card: its customer and its company's staff.
CREATE FUNCTION "haulpro_live_order"(p_order_id integer, p_what text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  SELECT id, customer_id, company_id, status INTO o FROM orders WHERE id = p_order_id;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM haulpro_live('user:' || o.customer_id, 'order', jsonb_build_object('id', o.id, 'status', o.status, 'what', p_what));
  PERFORM haulpro_live('company:' || o.company_id, 'order', jsonb_build_object('id', o.id, 'status', o.status, 'what', p_what));
END
$$;
--> statement-breakpoint
CREATE FUNCTION "haulpro_live_order_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM haulpro_live('user:' || NEW.customer_id, 'order', jsonb_build_object('id', NEW.id, 'status', NEW.status, 'what', 'order'));
  PERFORM haulpro_live('company:' || NEW.company_id, 'order', jsonb_build_object('id', NEW.id, 'status', NEW.status, 'what', 'order'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_live_insert" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_order_row"();
--> statement-breakpoint
CREATE TRIGGER "orders_live_update" AFTER UPDATE ON "orders" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "haulpro_live_order_row"();
--> statement-breakpoint
-- Move day: a step, a change on site, a signature or a confirmation changes the order's card.
CREATE FUNCTION "haulpro_live_job_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM haulpro_live_order(NEW.order_id, 'job');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_jobs_live" AFTER INSERT OR UPDATE ON "order_jobs" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_job_row"();
--> statement-breakpoint
CREATE TRIGGER "job_changes_live" AFTER INSERT OR UPDATE ON "job_changes" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_job_row"();
--> statement-breakpoint
CREATE TRIGGER "job_photos_live" AFTER INSERT ON "job_photos" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_job_row"();
--> statement-breakpoint
-- A delivery's card: its customer, its acceptor (the user, and the company's staff when a company
-- took it), and while it is New or just left New, everyone invited to bid (delivery_bidders).
CREATE FUNCTION "haulpro_live_delivery_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d jsonb := jsonb_build_object('id', NEW.id, 'status', NEW.status);
  b record;
BEGIN
  PERFORM haulpro_live('user:' || NEW.customer_id, 'delivery', d);
  IF NEW.acceptor_user_id IS NOT NULL THEN
    PERFORM haulpro_live('user:' || NEW.acceptor_user_id, 'delivery', d);
  END IF;
  IF NEW.acceptor_company_id IS NOT NULL THEN
    PERFORM haulpro_live('company:' || NEW.acceptor_company_id, 'delivery', d);
  END IF;
  -- 1 = New (DELIVERY_STATUS.new in packages/shared/src/delivery.ts).
  IF NEW.status = 1 OR (TG_OP = 'UPDATE' AND OLD.status = 1) THEN
    FOR b IN
      SELECT DISTINCT CASE WHEN labor_user_id IS NOT NULL THEN 'user:' || labor_user_id ELSE 'company:' || company_id END AS audience
      FROM delivery_bidders WHERE delivery_id = NEW.id
    LOOP
      IF b.audience IS NOT NULL
        AND b.audience <> 'user:' || coalesce(NEW.acceptor_user_id, 0)
        AND b.audience <> 'company:' || coalesce(NEW.acceptor_company_id, 0) THEN
        PERFORM haulpro_live(b.audience, 'delivery', d);
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deliveries_live_insert" AFTER INSERT ON "deliveries" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_delivery_row"();
--> statement-breakpoint
CREATE TRIGGER "deliveries_live_update" AFTER UPDATE ON "deliveries" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "haulpro_live_delivery_row"();
--> statement-breakpoint
-- A new delivery reaches a helper or a company when it is offered to them.
CREATE FUNCTION "haulpro_live_bidder_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint;
BEGIN
  SELECT status INTO s FROM deliveries WHERE id = NEW.delivery_id;
  IF s IS DISTINCT FROM 1 THEN RETURN NULL; END IF;
  IF NEW.labor_user_id IS NOT NULL THEN
    PERFORM haulpro_live('user:' || NEW.labor_user_id, 'delivery', jsonb_build_object('id', NEW.delivery_id, 'status', s));
  ELSIF NEW.company_id IS NOT NULL THEN
    PERFORM haulpro_live('company:' || NEW.company_id, 'delivery', jsonb_build_object('id', NEW.delivery_id, 'status', s));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "delivery_bidders_live" AFTER INSERT ON "delivery_bidders" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_bidder_row"();
--> statement-breakpoint
-- A message reaches the other side; its reading reaches the sender's side (the read mark).
CREATE FUNCTION "haulpro_live_message_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  customer integer;
  provider_user integer;
  provider_company integer;
  target text;
  d jsonb := jsonb_build_object('id', NEW.id, 'order_id', NEW.order_id, 'delivery_id', NEW.delivery_id,
    'side', NEW.sender_side, 'read', NEW.read_at IS NOT NULL);
BEGIN
  IF NEW.order_id IS NOT NULL THEN
    SELECT customer_id, NULL, company_id INTO customer, provider_user, provider_company FROM orders WHERE id = NEW.order_id;
  ELSE
    SELECT customer_id, acceptor_user_id, acceptor_company_id INTO customer, provider_user, provider_company
      FROM deliveries WHERE id = NEW.delivery_id;
  END IF;
  -- A new message goes to the other side; a read mark goes back to the sender's side.
  IF (TG_OP = 'INSERT') = (NEW.sender_side = 'customer') THEN
    target := 'provider';
  ELSE
    target := 'customer';
  END IF;
  IF target = 'customer' THEN
    PERFORM haulpro_live('user:' || customer, 'message', d);
  ELSE
    IF provider_user IS NOT NULL THEN PERFORM haulpro_live('user:' || provider_user, 'message', d); END IF;
    IF provider_company IS NOT NULL THEN PERFORM haulpro_live('company:' || provider_company, 'message', d); END IF;
  END IF;
  -- The sender's own other tabs and devices see the message too.
  IF TG_OP = 'INSERT' AND NEW.sender_user_id IS NOT NULL THEN
    PERFORM haulpro_live('user:' || NEW.sender_user_id, 'message', d);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_live_insert" AFTER INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_message_row"();
--> statement-breakpoint
CREATE TRIGGER "messages_live_read" AFTER UPDATE ON "messages" FOR EACH ROW WHEN (OLD.read_at IS NULL AND NEW.read_at IS NOT NULL) EXECUTE FUNCTION "haulpro_live_message_row"();
--> statement-breakpoint
-- Signing out, or a session revoked (password reset, account closed), ends that session's streams.
CREATE FUNCTION "haulpro_live_session_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM haulpro_live('session:' || OLD.id, 'end', jsonb_build_object('session', OLD.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_live_end" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "haulpro_live_session_end"();
