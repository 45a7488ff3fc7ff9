/**
 * Marketplace feeds (docs/feeds.md): after the pages, writes /feeds/google-vehicle-listings.tsv and
 * /feeds/meta-automotive.csv (each unless the tenant switched it off with feeds.google / feeds.meta),
 * prints one line per feed with what was left out and why, and records the same in report.json.
 * Which cars go in, and every value, come from src/lib/feeds and the rules it calls.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { enabledFeeds, feedSummaryLine, googleFeed, metaFeed, type FeedFile } from '../../../src/lib/feeds/index.ts';
import type { BuildOutput } from './index.ts';

export const feedsOutput: BuildOutput = {
  name: 'feeds',
  write(ctx) {
    const feeds: FeedFile[] = enabledFeeds(ctx.model.tenant).map((f) => (f === 'google' ? googleFeed(ctx.model) : metaFeed(ctx.model)));
    for (const feed of feeds) {
      const file = join(ctx.siteOut, feed.path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, feed.text);
      ctx.log(feedSummaryLine(feed));
    }
    if (ctx.report)
      ctx.report.feeds = feeds.map(({ feed, path, vehicles, left_out, problems, warnings }) => ({ feed, path, vehicles, left_out, problems, warnings }));
  },
};
