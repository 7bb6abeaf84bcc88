import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EXTERNAL_CONFIRMED_ATTRIBUTE,
  installExternalLinkInterceptor,
  isExternalLink,
  parseDestination,
} from './external-link';

const origin = 'https://einwurf.example';

describe('isExternalLink', () => {
  it.each([
    ['https://other.example/page', true],
    ['http://einwurf.example.evil.test/', true],
    ['//cdn.example/x.js', true],
    ['https://einwurf.example/publish/about', false],
    ['/publish/about', false],
    ['about', false],
    ['#main', false],
    ['mailto:someone@example.org', false],
    ['', false],
    [null, false],
  ])('%s → %s', (href, expected) => {
    expect(isExternalLink(href, origin)).toBe(expected);
  });

  it('compares hosts including the port', () => {
    expect(isExternalLink('https://einwurf.example:8443/', origin)).toBe(true);
  });
});

describe('parseDestination', () => {
  it('accepts absolute http and https URLs only', () => {
    expect(parseDestination('https://example.org/a?b=1')?.href).toBe('https://example.org/a?b=1');
    expect(parseDestination('http://example.org')?.href).toBe('http://example.org/');
    expect(parseDestination('javascript:alert(1)')).toBeNull();
    expect(parseDestination('/publish/about')).toBeNull();
    expect(parseDestination('not a url')).toBeNull();
    expect(parseDestination(null)).toBeNull();
  });
});

describe('installExternalLinkInterceptor', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('opens the external page in a new tab for links to other hosts, and leaves others alone', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const remove = installExternalLinkInterceptor(
      (d) => `/publish/external?destination=${encodeURIComponent(d)}`,
    );
    // Registered after the interceptor: keeps jsdom from following the links it lets through.
    const stopNavigation = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stopNavigation);
    document.body.innerHTML = `
      <a id="out" href="https://other.example/x">out</a>
      <a id="in" href="/publish/about">in</a>
      <a id="ok" href="https://other.example/y" ${EXTERNAL_CONFIRMED_ATTRIBUTE}>confirmed</a>`;

    const outClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('out')!.dispatchEvent(outClick);
    expect(outClick.defaultPrevented).toBe(true);
    expect(open).toHaveBeenCalledWith(
      '/publish/external?destination=https%3A%2F%2Fother.example%2Fx',
      '_blank',
      'noopener,noreferrer',
    );

    const inClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('in')!.dispatchEvent(inClick);
    const okClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('ok')!.dispatchEvent(okClick);
    expect(open).toHaveBeenCalledTimes(1);
    remove();
    document.removeEventListener('click', stopNavigation);
  });
});
