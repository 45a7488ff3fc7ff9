/**
 * Issue 27: lead e-mails are delivered at least once (4 went out twice across 15 crashes). A duplicate
 * must be recognisable to the receiver, as webhooks reuse their Idempotency-Key: every send of one
 * outbox row carries the same Message-ID, derived from the lead and the row.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postmarkEmail } from '../adapters/http.ts';
import type { EmailMessage } from '../adapters/types.ts';
import { useHarness } from '../test/harness.ts';
import { drain, messageIdFor } from './outbox.ts';

describe('a stable Message-ID per outbox row', () => {
  it('is derived from the lead (or alert) and the row, on the sender’s domain', () => {
    expect(messageIdFor('lead', 'L1', 'R1', 'leads@dealer-sites.example')).toBe('<lead-L1.R1@dealer-sites.example>');
    expect(messageIdFor('lead', 'L1', 'R1', 'Dealer Leads <Leads@Mail.Example.COM>')).toBe('<lead-L1.R1@mail.example.com>');
    expect(messageIdFor('alert', '2026-11-26:demo-x:held', 'R2', 'ops@x.example')).toBe('<alert-2026-11-26-demo-x-held.R2@x.example>');
    expect(messageIdFor('lead', 'L1', 'R2', 'a@b.example')).not.toBe(messageIdFor('lead', 'L1', 'R1', 'a@b.example'));
  });

  const sent: EmailMessage[] = [];
  let failNext = 0;
  const h = useHarness(
    {},
    {
      email: {
        name: 'recording',
        async send(m) {
          sent.push(m);
          if (failNext > 0) {
            failNext--;
            throw new Error('connection reset after the message was handed over');
          }
        },
      },
    },
  );

  it('is the same on every send of a row (a retry after a failed or crashed send), and names the lead', async () => {
    sent.length = 0;
    failNext = 1;
    const res = await h.post('/api/leads', { category: 'General', name: 'Jess', email: 'jess@example.com' });
    expect(res.status).toBe(201);
    const { lead_id } = (await res.json()) as { lead_id: string };
    const deps = { db: h.db, clock: h.clock, adapters: h.app.deps.adapters, options: h.app.deps.options };
    await drain(deps);
    h.clock.advance(3600);
    await drain(deps);
    expect(sent).toHaveLength(2);
    const [first, again] = sent as [EmailMessage, EmailMessage];
    expect(again.outboxId).toBe(first.outboxId);
    expect(again.messageId).toBe(first.messageId);
    expect(first.messageId).toBe(messageIdFor('lead', lead_id, first.outboxId, h.app.deps.options.outbox.fromEmail));
    expect(first.messageId).toMatch(/^<lead-[\w.-]+@[\w.-]+>$/);
  });

  it('goes to Postmark as the Message-ID header, with the outbox id', async () => {
    const bodies: { Headers: { Name: string; Value: string }[] }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        bodies.push(JSON.parse(body) as (typeof bodies)[number]);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ErrorCode":0}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const email = postmarkEmail('token', `http://127.0.0.1:${port}/email`, { allowLoopback: true });
      const message: EmailMessage = {
        tenant: 'alpha',
        outboxId: 'R1',
        messageId: '<lead-L1.R1@dealer-sites.example>',
        from: 'leads@dealer-sites.example',
        to: 'sales@alpha.example',
        subject: 'New lead',
        text: 'Hello',
        attachments: [],
      };
      await email.send(message);
      await email.send(message);
      expect(bodies.map((b) => b.Headers)).toEqual([
        [
          { Name: 'Message-ID', Value: '<lead-L1.R1@dealer-sites.example>' },
          { Name: 'X-Outbox-Id', Value: 'R1' },
        ],
        [
          { Name: 'Message-ID', Value: '<lead-L1.R1@dealer-sites.example>' },
          { Name: 'X-Outbox-Id', Value: 'R1' },
        ],
      ]);
    } finally {
      server.close();
    }
  });
});
