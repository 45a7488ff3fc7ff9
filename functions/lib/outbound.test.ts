import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { youxQuote } from '../adapters/http.ts';
import { adaptersFromEnv } from '../adapters/index.ts';
import { guardedWebhook } from '../adapters/local.ts';
import { FinanceSchema } from '../../src/lib/schemas/finance.ts';
import { WebhookUrl } from '../../src/lib/schemas/common.ts';
import { makeTenant } from '../test/fixtures.ts';
import { testPglite } from '../test/db.ts';
import { FakeClock } from './clock.ts';
import { addressKind, outboundUrlProblem } from './outbound.ts';

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server on 127.0.0.1 that records what reaches it. */
async function recorder(answer: unknown = { weeklyRepaymentAmount: 1, advertisedRate: 2, comparisonRate: 3 }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return { seen, server, port, url: `http://127.0.0.1:${port}` };
}

describe('addressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'private'],
    ['100.64.0.1', 'private'],
    ['0.0.0.0', 'private'],
    ['::', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'private'],
    ['64:ff9b::a9fe:a9fe', 'private'],
    ['fe80::1', 'private'],
    ['fd00::1', 'private'],
    ['fc12:3456::1', 'private'],
    ['ff02::1', 'private'],
    ['224.0.0.1', 'private'],
    ['not-an-ip', 'private'],
    ['172.32.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
  });
});

describe('outboundUrlProblem', () => {
  const strict = { allowLoopback: false };
  it('refuses plain http, other schemes, credentials and private literals', () => {
    expect(outboundUrlProblem('http://crm.example.com/hook', strict)).toMatch(/https/);
    expect(outboundUrlProblem('ftp://crm.example.com/hook', strict)).toMatch(/https/);
    expect(outboundUrlProblem('https://user:pw@crm.example.com/hook', strict)).toMatch(/credentials/);
    expect(outboundUrlProblem('https://169.254.169.254/latest/meta-data', strict)).toMatch(/private/);
    expect(outboundUrlProblem('https://[::1]/x', strict)).toMatch(/private/);
    expect(outboundUrlProblem('https://10.0.0.5/x', strict)).toMatch(/private/);
    expect(outboundUrlProblem('https://crm.example.com/hook', strict)).toBeUndefined();
  });
  it('allows http to loopback only under the development setting', () => {
    expect(outboundUrlProblem('http://127.0.0.1:9/x', { allowLoopback: true })).toBeUndefined();
    expect(outboundUrlProblem('http://localhost:9/x', { allowLoopback: true })).toBeUndefined();
    expect(outboundUrlProblem('http://10.0.0.1/x', { allowLoopback: true })).toMatch(/https/);
  });
});

describe('the webhook refuses private and loopback addresses when it connects', () => {
  let target: Awaited<ReturnType<typeof recorder>>;
  let tcp: TcpServer;
  let tcpPort = 0;
  let connections = 0;
  beforeAll(async () => {
    target = await recorder();
    tcp = createTcpServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', () => r()));
    tcpPort = (tcp.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((r) => target.server.close(() => r()));
    await new Promise<void>((r) => tcp.close(() => r()));
  });

  const lead = { body: '{"lead":{"name":"Kim","email":"kim@example.com"}}', headers: { 'content-type': 'application/json' } };

  it('sends nothing to http://127.0.0.1 in production', async () => {
    await expect(guardedWebhook({ allowLoopback: false }).send({ url: `${target.url}/hook`, ...lead })).rejects.toThrow(/https/);
    expect(target.seen).toEqual([]);
  });

  it('sends nothing to an https name that resolves to loopback (checked on the resolved address)', async () => {
    await expect(guardedWebhook({ allowLoopback: false }).send({ url: `https://localhost:${tcpPort}/hook`, ...lead })).rejects.toThrow(
      /resolves to .*loopback/,
    );
    expect(connections).toBe(0);
  });

  it('the environment decides: without DEV_ALLOW_LOOPBACK the server adapters refuse loopback too', async () => {
    const db = await testPglite();
    const strictAdapters = adaptersFromEnv({}, db, new FakeClock('2026-11-22T00:00:00Z'));
    await expect(strictAdapters.webhook.send({ url: `${target.url}/hook`, ...lead })).rejects.toThrow();
    expect(target.seen).toEqual([]);
    const devAdapters = adaptersFromEnv({ DEV_ALLOW_LOOPBACK: '1' }, db, new FakeClock('2026-11-22T00:00:00Z'));
    await devAdapters.webhook.send({ url: `${target.url}/hook`, ...lead });
    expect(target.seen.map((s) => s.body)).toEqual([lead.body]);
    await db.close();
  });
});

describe("a tenant's config never decides where the platform's YouX key goes", () => {
  let platform: Awaited<ReturnType<typeof recorder>>;
  let attacker: Awaited<ReturnType<typeof recorder>>;
  beforeAll(async () => {
    platform = await recorder();
    attacker = await recorder();
  });
  afterAll(async () => {
    await new Promise<void>((r) => platform.server.close(() => r()));
    await new Promise<void>((r) => attacker.server.close(() => r()));
  });
  const input = { selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5 };
  const dev = { allowLoopback: true };
  // A model.json built before the https rule (or edited by hand) carries whatever URL it holds.
  const withUrl = (slug: string, url: string) => {
    const t = makeTenant(slug, { finance: { youx_quote: true } });
    return { ...t, finance: { ...t.finance, youx_api_url: url } };
  };

  it("refuses a tenant's finance.youx_api_url on a host outside the allow-list, sending nothing there", async () => {
    // 127.0.0.1:<other port> is a different host:port than the platform's YOUX_API_URL.
    const provider = youxQuote(`${platform.url}/quote`, 'PLATFORM-KEY', [], dev);
    const tenant = withUrl('alpha', `${attacker.url}/steal`);
    await expect(provider.quote(input, tenant)).rejects.toThrow(/YOUX_ALLOWED_HOSTS/);
    expect(attacker.seen).toEqual([]);
    expect(platform.seen).toEqual([]);
  });

  it('sends the key to YOUX_API_URL, and to a tenant URL only on an allowed host', async () => {
    const provider = youxQuote(`${platform.url}/quote`, 'PLATFORM-KEY', [`127.0.0.1:${attacker.port}`], dev);
    await provider.quote(input, makeTenant('alpha', { finance: { youx_quote: true } }));
    expect(platform.seen[0]?.headers.authorization).toBe('Bearer PLATFORM-KEY');
    await provider.quote(input, withUrl('beta', `${attacker.url}/dealer-endpoint`));
    expect(attacker.seen.map((s) => s.path)).toEqual(['/dealer-endpoint']);
  });

  it('the tenant schema accepts only an https youx_api_url', () => {
    expect(v.safeParse(FinanceSchema, { youx_api_url: 'http://evil.example/collect' }).success).toBe(false);
    expect(v.safeParse(FinanceSchema, { youx_api_url: 'https://api.youx.example/quote' }).success).toBe(true);
  });

  it('the tenant schema accepts a webhook over https, or http to localhost only', () => {
    expect(v.safeParse(WebhookUrl, 'https://crm.example.com/leads').success).toBe(true);
    expect(v.safeParse(WebhookUrl, 'http://127.0.0.1:8080/leads').success).toBe(true);
    expect(v.safeParse(WebhookUrl, 'http://crm.example.com/leads').success).toBe(false);
    expect(v.safeParse(WebhookUrl, 'http://169.254.169.254/latest').success).toBe(false);
    expect(v.safeParse(WebhookUrl, 'javascript:alert(1)').success).toBe(false);
  });
});
