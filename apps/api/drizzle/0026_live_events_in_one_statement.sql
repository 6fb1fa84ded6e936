-- Issue 30. A delivery's bidders by the delivery alone: its live events (below), the mail to its
-- bidders and the cascade of a deleted delivery read them so. Without this index each step of a
-- New delivery scanned every bidder row there is (60 ms at a million rows, EXPLAIN ANALYZE).
CREATE INDEX "delivery_bidders_delivery_idx" ON "delivery_bidders" USING btree ("delivery_id");
--> statement-breakpoint
-- A change's live events in one statement (decision 031, issue 30): every audience's row is
-- inserted by one INSERT and announced by the same function, instead of one insert per audience
-- and a row trigger on live_events for each announcement. The payload is unchanged.
CREATE FUNCTION "haulpro_live_to"(p_audiences text[], p_kind text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE e record;
BEGIN
  FOR e IN
    INSERT INTO "live_events" ("audience", "kind", "data")
    SELECT a, p_kind, p_data FROM unnest(p_audiences) WITH ORDINALITY AS t(a, n) WHERE a IS NOT NULL ORDER BY n
    RETURNING "id", "audience"
  LOOP
    PERFORM pg_notify('haulpro_live', json_build_object('id', e.id, 'a', e.audience, 'k', p_kind, 'd', p_data)::text);
  END LOOP;
END
$$;
--> statement-breakpoint
-- One audience (a notification, an offer, a session's end): the row and its announcement.
CREATE OR REPLACE FUNCTION "haulpro_live"(p_audience text, p_kind text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  INSERT INTO "live_events" ("audience", "kind", "data") VALUES (p_audience, p_kind, p_data) RETURNING "id" INTO v;
  PERFORM pg_notify('haulpro_live', json_build_object('id', v, 'a', p_audience, 'k', p_kind, 'd', p_data)::text);
END
$$;
--> statement-breakpoint
DROP TRIGGER "live_events_announce" ON "live_events";
--> statement-breakpoint
DROP FUNCTION "haulpro_live_announce"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "haulpro_live_order"(p_order_id integer, p_what text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  SELECT id, customer_id, company_id, status INTO o FROM orders WHERE id = p_order_id;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM haulpro_live_to(ARRAY['user:' || o.customer_id, 'company:' || o.company_id], 'order',
    jsonb_build_object('id', o.id, 'status', o.status, 'what', p_what));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "haulpro_live_order_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM haulpro_live_to(ARRAY['user:' || NEW.customer_id, 'company:' || NEW.company_id], 'order',
    jsonb_build_object('id', NEW.id, 'status', NEW.status, 'what', 'order'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A delivery's card: its customer, its acceptor (the user, and the company's staff when a company
-- took it), and while it is New or just left New, everyone invited to bid (delivery_bidders).
CREATE OR REPLACE FUNCTION "haulpro_live_delivery_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acceptor_user text := 'user:' || NEW.acceptor_user_id;
  acceptor_company text := 'company:' || NEW.acceptor_company_id;
  audiences text[] := ARRAY['user:' || NEW.customer_id, acceptor_user, acceptor_company];
BEGIN
  -- 1 = New (DELIVERY_STATUS.new in packages/shared/src/delivery.ts).
  IF NEW.status = 1 OR (TG_OP = 'UPDATE' AND OLD.status = 1) THEN
    audiences := audiences || ARRAY(
      SELECT DISTINCT b.audience FROM (
        SELECT CASE WHEN labor_user_id IS NOT NULL THEN 'user:' || labor_user_id ELSE 'company:' || company_id END AS audience
        FROM delivery_bidders WHERE delivery_id = NEW.id
      ) b
      WHERE b.audience IS NOT NULL
        AND b.audience IS DISTINCT FROM acceptor_user
        AND b.audience IS DISTINCT FROM acceptor_company
    );
  END IF;
  PERFORM haulpro_live_to(audiences, 'delivery', jsonb_build_object('id', NEW.id, 'status', NEW.status));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A message reaches the other side; its reading reaches the sender's side (the read mark).
CREATE OR REPLACE FUNCTION "haulpro_live_message_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  customer integer;
  provider_user integer;
  provider_company integer;
  audiences text[];
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
    audiences := ARRAY['user:' || provider_user, 'company:' || provider_company];
  ELSE
    audiences := ARRAY['user:' || customer];
  END IF;
  -- The sender's own other tabs and devices see the message too.
  IF TG_OP = 'INSERT' THEN
    audiences := audiences || ('user:' || NEW.sender_user_id);
  END IF;
  PERFORM haulpro_live_to(audiences, 'message', d);
  RETURN NULL;
END
$$;
