/** Tells whether a link leads to another host than the app's, so it must go through the external page. */
export function isExternalLink(href: string | null | undefined, currentOrigin: string): boolean {
  if (!href) return false;
  let url: URL;
  try {
    url = new URL(href, currentOrigin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.host !== new URL(currentOrigin).host;
}

/** A destination the external page may offer: an absolute http or https URL. */
export function parseDestination(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Marks a link the user already confirmed on the external page, so the interceptor lets it through. */
export const EXTERNAL_CONFIRMED_ATTRIBUTE = 'data-external-confirmed';

/**
 * One document-level listener: a click on a link to another host opens the external page in a new tab
 * (`externalPageUrl` builds its absolute URL) instead of leaving the app.
 */
export function installExternalLinkInterceptor(
  externalPageUrl: (destination: string) => string,
  doc: Document = document,
): () => void {
  const handleClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const target = event.target instanceof Element ? event.target : null;
    const anchor = target?.closest('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute(EXTERNAL_CONFIRMED_ATTRIBUTE)) return;
    const view = doc.defaultView;
    if (!view || !isExternalLink(anchor.getAttribute('href'), view.location.origin)) return;
    event.preventDefault();
    view.open(externalPageUrl(anchor.href), '_blank', 'noopener,noreferrer');
  };
  doc.addEventListener('click', handleClick);
  return () => doc.removeEventListener('click', handleClick);
}
