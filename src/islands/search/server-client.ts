import type { DealerSearchClient } from '../../lib/search/client.ts';

/**
 * The search client used while pages are rendered at build time. The page sets it before rendering
 * the island (an island's props must be plain data, so the engine cannot travel as a prop).
 */
let serverClient: DealerSearchClient | undefined;

export function setServerSearchClient(client: DealerSearchClient): void {
  serverClient = client;
}

export function getServerSearchClient(): DealerSearchClient {
  if (!serverClient) throw new Error('No server search client: the search page must call setServerSearchClient() before rendering the island.');
  return serverClient;
}
