-- Idempotency-Key for the valuation save and the phone-reveal log: a retried request records once.
ALTER TABLE valuations ADD COLUMN idempotency_key text;
ALTER TABLE valuations ADD CONSTRAINT valuations_idempotency UNIQUE (tenant, idempotency_key);
ALTER TABLE phone_reveals ADD COLUMN idempotency_key text;
ALTER TABLE phone_reveals ADD CONSTRAINT phone_reveals_idempotency UNIQUE (tenant, idempotency_key);
