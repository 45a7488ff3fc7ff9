/**
 * A hostile tenant (issue 27) and its plain twin: the same small spec-shaped tenant, once with
 * ordinary text and once with script-looking text in every text field (dealer name, stock-export
 * strings, a content page), a logo that is an HTML file, and a content image that is a symlink out of
 * the tenant folder. Used by tests/build/hostile-tenant.test.ts and tests/e2e/hostile-tenant.spec.ts.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { specRecords, testTenant, type TestTenant } from './spec-tenant.ts';

export const HOSTILE_SLUG = 'hostile-motors';
/** Script-looking text: what every text field of the hostile tenant carries. */
export const EVIL = `<script>window.__pwned=1</script>"'><img src=x onerror="window.__pwned=2"> javascript:window.__pwned=3 <svg onload=window.__pwned=4>`;

export const plainTenant = (): TestTenant => testTenant('sec-build/plain', HOSTILE_SLUG);
export const hostileTenant = (): TestTenant => testTenant('sec-build/hostile', HOSTILE_SLUG);

/** Writes the tenant folder: `evil` puts EVIL in every text field, the HTML logo and the outward symlink. */
export function writeTenant(t: TestTenant, evil: boolean): void {
  rmSync(t.work, { recursive: true, force: true });
  mkdirSync(join(t.dir, 'content', 'pages'), { recursive: true });
  mkdirSync(join(t.dir, 'content', 'images'), { recursive: true });
  const text = (plain: string) => (evil ? `${plain} ${EVIL}` : plain);
  const records = specRecords(3, 91000, 'H', (r, i) => {
    for (const k of ['name', 'badge', 'series', 'colour', 'interior_colour', 'engine_size', 'dealercomments', 'carsales_title', 'description']) {
      if (typeof r[k] === 'string') r[k] = text(r[k]);
    }
    r['description'] = text(`A tidy car number ${i}.`);
    r['external_video_url'] = evil ? 'javascript:window.__pwned=5' : 'https://video.example.com.au/walkaround.mp4';
    r['file'] = evil ? 'javascript:window.__pwned=6' : 'https://cdn.example.com.au/ppsr/48213.pdf';
  });
  writeFileSync(join(t.dir, 'stock.json'), JSON.stringify(records, null, 2));
  writeFileSync(
    join(t.dir, 'content', 'pages', 'about-us.md'),
    `---\ntitle: ${JSON.stringify(text('About us'))}\ndescription: ${JSON.stringify(text('Who we are'))}\n${evil ? 'image: ../images/outside.png\n' : ''}---\n\n${text('We sell cars.')}\n\n[${text('a link')}](javascript:window.__pwned=9)\n`,
  );
  const logo = join(t.dir, 'content', 'logo.png');
  if (evil) {
    writeFileSync(logo, '<!doctype html><html><body><script>window.__pwned=7</script></body></html>');
    mkdirSync(join(t.work, 'outside'), { recursive: true });
    writeFileSync(join(t.work, 'outside', 'secret.html'), '<script>window.__pwned=8</script>');
    // A content image that is a symlink to a file outside the tenant folder.
    symlinkSync(join(t.work, 'outside', 'secret.html'), join(t.dir, 'content', 'images', 'outside.png'));
  }
  const tenant = {
    slug: HOSTILE_SLUG,
    name: text('Hostile Motors'),
    url: 'https://hostile-motors.example.com.au',
    ...(evil ? { logo: { url: 'content/logo.png', alt: text('Logo') } } : {}),
    locations: [
      {
        id: 3,
        name: text('Hostile Motors Caringbah'),
        primary: true,
        location_type: 'sales',
        dealer_license_number: 'MD 24680',
        address: { street: text('1 Kingsway'), city: 'Caringbah', state: 'NSW', postcode: '2229' },
        contact_detail: { phone: '02 9555 0100' },
      },
    ],
  };
  writeFileSync(join(t.dir, 'tenant.json'), JSON.stringify(tenant, null, 2));
}
