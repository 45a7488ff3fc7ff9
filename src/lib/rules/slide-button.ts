/**
 * The home slider's overlay button: "Explore" when the slide links to a model page, "Latest Offers"
 * when it links to finance, otherwise "Learn More". The model check wins when a url has both.
 */
export function slideButtonLabel(url: string): 'Explore' | 'Latest Offers' | 'Learn More' {
  const u = url.toLowerCase();
  if (u.includes('model')) return 'Explore';
  if (u.includes('finance')) return 'Latest Offers';
  return 'Learn More';
}
