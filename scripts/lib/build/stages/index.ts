/**
 * A tenant build's stages in order (docs/architecture.md, "The build's stages"), and the --photos-only
 * run's: the same first two, then the photos alone.
 */
import type { BuildContext } from '../context.ts';
import { Pipeline } from '../pipeline.ts';
import { compliance } from './compliance.ts';
import { guard } from './guard.ts';
import { images, photosDone, photosOnly } from './images.ts';
import { ingest } from './ingest.ts';
import { loadConfig } from './load-config.ts';
import { model } from './model.ts';
import { outputs } from './outputs.ts';
import { publish } from './publish.ts';
import { render } from './render.ts';

export const TENANT_BUILD = Pipeline.start<BuildContext>()
  .then(loadConfig)
  .then(ingest)
  .then(guard)
  .then(images)
  .then(model)
  .then(render)
  .then(outputs)
  .then(compliance)
  .then(publish);

export const PHOTOS_ONLY = Pipeline.start<BuildContext>().then(loadConfig).then(ingest).then(photosOnly).then(photosDone);
