/**
 * The tenants' models read from the bucket the sites are published to, for a long-running functions
 * host (functions:start --models-bucket). Each tenant's pointer names its live slot, and the publish
 * writes the model that slot was built from beside it (_meta/model-<slot>.json), so the functions
 * serve the cars the live site shows, a rollback included, without a copy step on the host. A refresh
 * reads the pointers again (one small GET per tenant) and fetches a model only when its release changed.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { describeError, getText, listLevel } from '../../scripts/lib/publish/bucket.ts';
import { META, modelKey, parsePointer, pointerKey, tenantBase, type Pointer } from '../../scripts/lib/publish/layout.ts';
import { mapLimit } from '../../scripts/lib/pool.ts';
import { modelProblem, type ModelInput } from '../registry.ts';

export interface BucketModelsSource {
  client: S3Client;
  bucket: string;
  /** '' or ending in '/'. */
  prefix: string;
}

interface Loaded {
  release: string;
  model: ModelInput;
}

export interface BucketModelsRead {
  models: ModelInput[];
  /** Tenants whose model is new or changed since the last read: "slug (release abc…)". */
  changed: string[];
  /** Tenants gone from the bucket since the last read. */
  removed: string[];
  /** One line each: what could not be read, and what is served meanwhile. */
  problems: string[];
}

/** Reads every tenant's live model; call read() again to refresh. Keeps the last good model of a tenant whose new one is unreadable. */
export function bucketModels(source: BucketModelsSource): { read(): Promise<BucketModelsRead> } {
  const current = new Map<string, Loaded>();
  const where = (key: string) => `s3://${source.bucket}/${key}`;
  return {
    async read() {
      const problems: string[] = [];
      const changed: string[] = [];
      const { folders } = await listLevel(source.client, source.bucket, source.prefix);
      const slugs = folders.filter((f) => f !== META.replace(/\/$/, ''));
      const published = new Set<string>();
      await mapLimit(slugs, 8, async (slug) => {
        const base = tenantBase(source.prefix, slug);
        const keep = current.get(slug);
        const meanwhile = keep ? `; still serving release ${keep.release}` : '; its functions answer 404 until it is published';
        try {
          const text = await getText(source.client, source.bucket, pointerKey(base));
          if (text === undefined) return; // a folder without a pointer is not (or no longer) a published tenant
          published.add(slug);
          let pointer: Pointer;
          try {
            pointer = parsePointer(text);
          } catch (err) {
            throw new Error(`${where(pointerKey(base))}: ${(err as Error).message}`);
          }
          if (keep?.release === pointer.release) return;
          const modelText = await getText(source.client, source.bucket, modelKey(base, pointer.slot));
          if (modelText === undefined) {
            problems.push(`${slug}: no model for its live release ${pointer.release} (${where(modelKey(base, pointer.slot))}); publish it again${meanwhile}`);
            return;
          }
          const raw: unknown = JSON.parse(modelText);
          const problem = modelProblem(raw);
          if (problem) throw new Error(`${where(modelKey(base, pointer.slot))}: ${problem}`);
          const model = raw as ModelInput;
          if (model.tenant.slug !== slug) throw new Error(`${where(modelKey(base, pointer.slot))} is the model of "${model.tenant.slug}", not "${slug}"`);
          current.set(slug, { release: pointer.release, model });
          changed.push(`${slug} (release ${pointer.release})`);
        } catch (err) {
          published.add(slug);
          problems.push(`${slug}: ${err instanceof SyntaxError ? `unreadable JSON (${err.message})` : describeError(err)}${meanwhile}`);
        }
      });
      const removed = [...current.keys()].filter((slug) => !published.has(slug));
      for (const slug of removed) current.delete(slug);
      return {
        models: [...current.values()].map((l) => l.model).sort((a, b) => a.tenant.slug.localeCompare(b.tenant.slug)),
        changed: changed.sort(),
        removed,
        problems,
      };
    },
  };
}
