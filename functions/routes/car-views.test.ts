import { describe, expect, it } from 'vitest';
import { commonPostChecks, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

const path = '/api/cars/a-hilux/view.json';

describe('/api/cars/{slug}/view.json', () => {
  const h = useHarness();

  it("GET (the page's call, with photos_count, updated_at and website_id) counts this visitor and answers the views and car_fields", async () => {
    const res = await h.request(`${path}?photos_count=0&updated_at=1&website_id=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toMatch(/^vid=/);
    const body = (await res.json()) as { car_fields: { updated_at: number } };
    expect(typeof body.car_fields.updated_at).toBe('number');
    expect(body).toEqual({
      views: 11,
      car_fields: {
        id: 'a-hilux',
        slug: 'a-hilux',
        name: '2022 Toyota HiLux',
        path: '/cars/a-hilux',
        status: 'in_stock',
        sold: false,
        reserved: false,
        price: 55990,
        photos_count: 0,
        reservable: false,
        updated_at: body.car_fields.updated_at,
      },
    });
    // A tenant that reserves online: its in-stock car can be reserved.
    const beta = (await (await h.request('/api/cars/b-ranger/view.json', { origin: BETA })).json()) as { car_fields: { reservable: boolean } };
    expect(beta.car_fields.reservable).toBe(true);
  });

  it('POST counts a visitor once (visitor cookie), and again for a new visitor', async () => {
    const first = await h.post(path, {});
    expect(first.status).toBe(200);
    expect(((await first.json()) as { views: number }).views).toBe(11);
    const vid = /vid=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    expect(vid).toBeTruthy();
    expect(first.headers.get('set-cookie')).toContain('HttpOnly');
    const again = await h.post(path, {}, { headers: { cookie: `vid=${vid}` } });
    expect(((await again.json()) as { views: number }).views).toBe(11);
    expect(again.headers.get('set-cookie')).toBeNull();
    const other = await h.post(path, {}, { ip: '198.51.100.77' });
    expect(((await other.json()) as { views: number }).views).toBe(12);
    expect(((await (await h.request(path)).json()) as { views: number }).views).toBe(12);
  });

  it('a client dropping or inventing the cookie cannot inflate the count: one address counts once a day', async () => {
    for (let i = 0; i < 20; i++) await h.post(path, {}, { headers: { cookie: `vid=${'x'.repeat(20)}${i}` } });
    expect(((await (await h.request(path)).json()) as { views: number }).views).toBe(11);
    h.clock.advance(86400);
    await h.post(path, {});
    expect(((await (await h.request(path)).json()) as { views: number }).views).toBe(12);
  });

  it('GET counts a visitor once: the same visitor asking again, or GET after POST, adds nothing', async () => {
    const first = await h.request(`${path}?updated_at=1764000000`);
    expect(((await first.json()) as { views: number }).views).toBe(11);
    const vid = /vid=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    const again = await h.request(path, { headers: { cookie: `vid=${vid}` } });
    expect(((await again.json()) as { views: number }).views).toBe(11);
    const other = await h.request(path, { ip: '198.51.100.78' });
    expect(((await other.json()) as { views: number }).views).toBe(12);
  });

  it('GET refuses photos_count or updated_at that are not whole numbers (400), and accepts them empty', async () => {
    for (const q of ['updated_at=yesterday', 'photos_count=-1', 'updated_at=1e9', 'photos_count=%3Cscript%3E']) {
      const res = await h.request(`${path}?${q}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'photos_count and updated_at must be whole numbers.' });
    }
    expect((await h.request(`${path}?photos_count=&updated_at=&website_id=x`)).status).toBe(200);
  });

  it('ignores a malformed visitor cookie and issues a new one', async () => {
    const res = await h.post(path, {}, { headers: { cookie: 'vid=short' } });
    expect(res.headers.get('set-cookie')).toMatch(/^vid=[\w-]{40,}/);
  });

  it("answers 404 for an unknown car and for another tenant's car", async () => {
    expect((await h.request('/api/cars/nope/view.json')).status).toBe(404);
    expect((await h.request('/api/cars/b-ranger/view.json')).status).toBe(404);
    expect((await h.post('/api/cars/a-hilux/view.json', {}, { origin: BETA })).status).toBe(404);
  });

  it('keeps counts per tenant', async () => {
    await h.post('/api/cars/b-ranger/view.json', {}, { origin: BETA });
    // This GET is the first count for the alpha car: the beta visit did not add to it.
    expect(((await (await h.request(path)).json()) as { views: number }).views).toBe(11);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05);
    for (let i = 0; i < 6; i++) expect((await s.request(path)).status).toBe(200);
    expect((await s.post(path, {})).status).toBe(429);
  });

  commonPostChecks(h, path, () => ({}));
});
