/**
 * Paths the functions answer; everything else is the static site. Pure, so a host's router (our
 * Node server, the Cloudflare Worker in front of the bucket) sends the same paths to the functions.
 */
export function isFunctionPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || /^\/cars\/[^/]+\/autogauge\/?$/.test(pathname);
}
