/** Netlify Scheduled Function: delivers due outbox messages every minute (see functions/adapters/netlify.ts). */
import { netlifyOutbox } from '../netlify.ts';

export default netlifyOutbox();

export const config = {
  schedule: '* * * * *',
};
