/**
 * Netlify Scheduled Function: delivers every tenant's due outbox messages every minute (see
 * functions/adapters/netlify.ts). It lives outside functions/adapters/netlify/, the folder deployed
 * with every tenant's site, because one drain serves all tenants (they share one database): deploy
 * this folder to one site only, or use the outbox workflow instead (docs/nightly.md).
 */
import { netlifyOutbox } from '../netlify.ts';

export default netlifyOutbox();

export const config = {
  schedule: '* * * * *',
};
