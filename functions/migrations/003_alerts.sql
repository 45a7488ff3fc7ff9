-- Alerts about the nightly fleet build (a tenant's stock held, still held, repaired; the ops digest),
-- delivered through the same outbox as leads so they share its claims, retries and dead-letters.
-- The id is the caller's deterministic key (e.g. 2026-11-26:demo-x:held): a re-run of the nightly
-- job that raises the same alert finds it stored and queues nothing. `tenant` is the tenant slug, or
-- a platform-wide name such as _ops. Times come from the application's clock, as everywhere.
CREATE TABLE alerts (
  id          text PRIMARY KEY,
  tenant      text NOT NULL,
  kind        text NOT NULL,
  created_at  timestamptz NOT NULL,
  subject     text NOT NULL,
  text_body   text NOT NULL,
  payload     jsonb NOT NULL
);
CREATE INDEX alerts_tenant_created ON alerts (tenant, created_at DESC);

-- An outbox row now belongs to a lead or to an alert, never both, never neither. Lead rows keep their
-- one-per-channel rule; an alert may go to several addresses of one channel (a dealer and ops), once each.
ALTER TABLE outbox ALTER COLUMN lead_id DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN alert_id text REFERENCES alerts (id);
ALTER TABLE outbox ADD CONSTRAINT outbox_lead_or_alert CHECK ((lead_id IS NULL) <> (alert_id IS NULL));
ALTER TABLE outbox ADD CONSTRAINT outbox_one_per_alert_target UNIQUE (alert_id, channel, target);
