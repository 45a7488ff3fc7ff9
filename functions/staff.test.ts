import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/index.ts';
import { FakeClock } from './lib/clock.ts';
import { drain } from './lib/outbox.ts';
import { leadRecord, listLeads, listLocalMail, listOutbox, toCsv, toTable } from './staff.ts';
import { testPglite } from './test/db.ts';
import { buildApp } from './test/harness.ts';

describe('staff tools', () => {
  let db: Db;
  let t: ReturnType<typeof buildApp>;
  beforeAll(async () => {
    db = await testPglite();
    const clock = new FakeClock('2026-11-22T01:00:00Z');
    t = buildApp(db, clock);
    const post = (body: unknown, origin = 'https://alpha.example.com.au') =>
      t.app.request(
        'http://localhost/api/leads',
        { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) },
        { ip: '1.1.1.1' },
      );
    await post({
      category: 'Vehicle Enquiry',
      name: 'Jess',
      last_name: 'Nguyen',
      email: 'jess@example.com',
      phone: '+61412345678',
      car_id: 'a-hilux',
      message: '=HYPERLINK("x")',
    });
    clock.advance(60);
    await post({ category: 'Service', name: 'Sam, Jr', email: 'sam@example.com', message: 'Line one\nLine "two"' });
    await post({ category: 'Other tenant', name: 'Bo', email: 'bo@example.com', terms_conditions: true }, 'https://beta.example.com.au');
    t.failWebhooks(1);
    await drain(t.app.deps);
  });
  afterAll(async () => db.close());

  it("lists a tenant's leads newest first with their delivery state, and only that tenant's", async () => {
    const leads = await listLeads(db, 'alpha');
    expect(leads.map((l) => l.payload.name)).toEqual(['Sam, Jr', 'Jess']);
    expect(leads.every((l) => l.delivery.map((d) => d.channel).join() === 'email,webhook')).toBe(true);
    const beta = await listLeads(db, 'beta');
    expect(beta.map((l) => l.payload.name)).toEqual(['Bo']);
    const statuses = [...leads, ...beta].flatMap((l) => l.delivery.map((d) => d.status)).sort();
    expect(statuses).toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'pending']);
  });

  it('filters by date', async () => {
    expect(await listLeads(db, 'alpha', { since: new Date('2026-11-22T01:00:30Z') })).toHaveLength(1);
  });

  it('exports CSV safely (quotes, newlines, formula injection)', async () => {
    const csv = toCsv((await listLeads(db, 'alpha')).map(leadRecord));
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(/^lead_id,created_at,category,/);
    expect(csv).toContain('"Sam, Jr"');
    expect(csv).toContain('"Line one\nLine ""two"""');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain('0412345678');
    expect(csv).toContain('2022 Toyota HiLux');
  });

  it('lists undelivered outbox messages (and all, or by status)', async () => {
    const pending = await listOutbox(db);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ channel: 'webhook', status: 'pending', attempts: 1, last_error: 'HTTP 503 from the webhook' });
    expect((await listOutbox(db, { status: 'all' })).length).toBe(6);
    expect((await listOutbox(db, { status: 'delivered' })).length).toBe(5);
    expect((await listOutbox(db, { status: 'all', tenant: 'beta' })).length).toBe(2);
  });

  it('shows the local mailbox with ADF attachments', async () => {
    const mail = await listLocalMail(db, 'alpha');
    expect(mail).toHaveLength(2);
    expect(mail[0]?.attachments[0]?.content).toContain('<adf>');
  });

  it('prints a terminal table', () => {
    const out = toTable([{ a: 'x', b: 'y'.repeat(50) }], ['a', 'b']);
    expect(out.split('\n')[0]).toMatch(/^A\s+B$/);
    expect(out).toContain('…');
  });
});
