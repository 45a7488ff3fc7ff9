/**
 * The request-time functions' error catalogue, in the style of src/lib/errors/errors-data.ts:
 * operator-facing errors (start-up, storage, delivery) are data with a name, a title, a message built
 * from their arguments and a hint; `Http` holds the exact texts the public API answers with.
 * No message here may include a visitor's submitted data.
 */
import type { ErrorData } from '../src/lib/errors/errors-data.ts';

export const ModelFileUnreadable = {
  name: 'ModelFileUnreadable',
  title: 'Tenant model file cannot be read',
  message: (file: string, reason: string) => `${file} cannot be used: ${reason}`,
  hint: 'The static build writes <dist>/_build/<slug>/model.json; rebuild the tenant. Other tenants keep working.',
} satisfies ErrorData<[string, string]>;

export const TenantNotBuilt = {
  name: 'TenantNotBuilt',
  title: 'Tenant has not been built',
  message: (slug: string, dist: string) => `Tenant "${slug}" has no ${dist}/${slug}/ site and no ${dist}/_build/${slug}/model.json.`,
  hint: 'Build the tenant first (npm run build), or pass --dist pointing at the build output.',
} satisfies ErrorData<[string, string]>;

export const DatabaseInUse = {
  name: 'DatabaseInUse',
  title: 'The local database is in use',
  message: (dir: string, pid: number) => `The PGlite database in ${dir} is open in process ${pid}.`,
  hint: 'PGlite allows one process at a time: stop `npm run serve` first, or set DATABASE_URL to use a PostgreSQL server.',
} satisfies ErrorData<[string, number]>;

export const DatabaseUrlRequired = {
  name: 'DatabaseUrlRequired',
  title: 'DATABASE_URL is not set',
  message: (host: string) => `The ${host} functions need a PostgreSQL server: DATABASE_URL is not set.`,
  hint: 'Serverless hosts have no persistent disk for PGlite. Set DATABASE_URL in the site settings.',
} satisfies ErrorData<[string]>;

export const SecretRequired = {
  name: 'SecretRequired',
  title: 'FUNCTIONS_SECRET is not set',
  message: (host: string) => `The ${host} functions need FUNCTIONS_SECRET (32+ random characters).`,
  hint: 'It keys the sign-in code hashes and visitor hashes. Generate one with: openssl rand -base64 48',
} satisfies ErrorData<[string]>;

export const MigrationFailed = {
  name: 'MigrationFailed',
  title: 'A database migration failed',
  message: (file: string, reason: string) => `Migration ${file} failed: ${reason}`,
  hint: 'Nothing from the failed migration was applied (each run is one transaction). Fix the SQL and start again.',
} satisfies ErrorData<[string, string]>;

export const TestDatabaseRequired = {
  name: 'TestDatabaseRequired',
  title: 'TEST_DATABASE_URL is required in CI',
  message: () => 'CI=true but TEST_DATABASE_URL is not set, so the PostgreSQL storage tests cannot run.',
  hint: 'Run: eval "$(scripts/ci/start-postgres.sh)" before the tests.',
} satisfies ErrorData<[]>;

export const DeliveryFailed = {
  name: 'DeliveryFailed',
  title: 'Lead delivery failed',
  message: (channel: string, reason: string) => `${channel} delivery failed: ${reason}`,
  hint: 'The message stays in the outbox and is retried with backoff; see `npm run outbox -- list`.',
} satisfies ErrorData<[string, string]>;

export const NoLeadDelivery = {
  name: 'NoLeadDelivery',
  title: 'Tenant has no lead delivery configured',
  message: (slug: string) => `Tenant "${slug}" has no leads.email, contact.email or leads.webhook_url.`,
  hint: 'Leads are still stored: see them with `npm run leads -- list --tenant <slug>`.',
} satisfies ErrorData<[string]>;

export const AlertInvalid = {
  name: 'AlertInvalid',
  title: 'An alert cannot be queued',
  message: (id: string, problem: string) => `Alert "${id}" cannot be queued: ${problem}`,
  hint: 'Nothing was stored. Fix the caller of enqueueAlert (functions/lib/outbox.ts), e.g. the nightly fleet job.',
} satisfies ErrorData<[string, string]>;

/** Texts of the public API's error answers. */
export const Http = {
  unknownSite: 'No site is configured for this address.',
  wrongOrigin: 'Requests from another site are refused.',
  tooLarge: 'The request body is too large (16 KB at most).',
  notJson: 'Send the request body as JSON (Content-Type: application/json).',
  badJson: 'The request body is not valid JSON.',
  tooDeep: 'The request body is nested too deeply.',
  badText: 'The request body contains characters that are not allowed (control characters or broken Unicode).',
  invalid: 'Please fix the following errors:',
  rateLimited: 'Too many requests. Please wait and try again.',
  notFound: 'Not found.',
  serverError: 'An error occurred when submitting this form',
  idempotencyConflict: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  signedOut: 'Please sign in to continue.',
  phoneMismatch: 'The phone number does not match the signed-in user.',
  codeSendFailed: 'We could not send the code. Please try again.',
  codeWrong: 'That code is wrong or has expired. Please check it or request a new code.',
  codeLocked: 'Too many wrong attempts. Please request a new code.',
  featureOff: 'This feature is not available on this site.',
  unknownCar: 'We could not find that car.',
  notReservable: 'This car cannot be reserved online. Please send an enquiry instead.',
  reservationUnavailable: 'Online reservations are unavailable right now. Please call us to reserve this car.',
  noGauge: 'No price comparison is available for this car.',
  providerFailed: 'The provider did not answer. Please try again later.',
} as const;
