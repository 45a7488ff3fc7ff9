/** Netlify Function: the request-time API of every tenant (see functions/adapters/netlify.ts). */
import { netlifyHandler } from '../netlify.ts';

export default netlifyHandler();

export const config = {
  path: ['/api/*', '/cars/:slug/autogauge'],
};
