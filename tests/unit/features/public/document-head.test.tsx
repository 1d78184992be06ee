/**
 * The document head comes from the routes' `head` (HeadContent in the root route): each public
 * page has its title, description, canonical link and share tags once; leaving it takes its tags
 * away; a dashboard page has its own title; the shell's <title> is reused, not duplicated.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SITE } from '@client/site-config';
import { ADMIN, renderApp, setViewportWidth, stubApi } from '../render-app';

const head = () => document.head;
const content = (selector: string) => Array.from(head().querySelectorAll(selector), (el) => el.getAttribute('content'));
const canonical = () => Array.from(head().querySelectorAll('link[rel="canonical"]'), (el) => el.getAttribute('href'));

beforeEach(() => {
  setViewportWidth(1280);
  // As index.html ships it: a <title> and none of the tags the routes manage.
  head().innerHTML = '<meta charset="UTF-8"><title>Trabot</title>';
});

describe('document head', () => {
  it.each([
    ['/trabot-membership', 'Trabot Membership | Trabot', '/trabot-membership'],
    ['/home', 'Trabot: algorithmic trading research, free workshops and membership', '/'],
    ['/no-such-page', 'Trabot: algorithmic trading research, free workshops and membership', '/'],
  ])('%s: one title, description, canonical link and set of share tags', async (path, title, canonicalPath) => {
    stubApi(null, {});
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
    const url = `${SITE.origin}${canonicalPath}`;
    expect(head().querySelectorAll('title')).toHaveLength(1);
    expect(content('meta[name="description"]')).toHaveLength(1);
    expect(content('meta[name="description"]')[0]!.length).toBeGreaterThan(50);
    expect(canonical()).toEqual([url]);
    expect(content('meta[property="og:url"]')).toEqual([url]);
    expect(content('meta[property="og:title"]')).toEqual([title]);
    expect(content('meta[property="og:description"]')).toEqual(content('meta[name="description"]'));
    expect(content('meta[property="og:image"]')).toEqual([`${SITE.origin}${SITE.shareImage.path}`]);
    expect(content('meta[name="twitter:card"]')).toEqual(['summary_large_image']);
  });

  it('leaving a public page for the login page leaves the site description and no share tags', async () => {
    stubApi(null, {});
    const { router } = renderApp('/trabot-membership');
    await waitFor(() => expect(canonical()).toHaveLength(1));
    await act(() => router.navigate({ to: '/login' }));
    await waitFor(() => expect(document.title).toBe('Member Login | Trabot'));
    expect(head().querySelectorAll('title')).toHaveLength(1);
    expect(content('meta[name="description"]')).toEqual([SITE.description]);
    expect(canonical()).toEqual([]);
    expect(head().querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')).toHaveLength(0);
  });

  it('a path whose id is not one shows the home page (router.tsx), with its title and canonical link', async () => {
    stubApi(ADMIN, {});
    renderApp('/dashboard/admin/members/abc/users');
    await screen.findByRole('heading', { level: 2, name: 'Our Services' });
    await waitFor(() =>
      expect(document.title).toBe('Trabot: algorithmic trading research, free workshops and membership'),
    );
    expect(canonical()).toEqual([`${SITE.origin}/`]);
  });

  it('a dashboard page is titled after what it shows', async () => {
    stubApi(ADMIN, { 'GET /api/algos/12/signals?status=all': () => ({ body: [] }) });
    renderApp('/dashboard/admin/algos/12/signals');
    await screen.findByRole('heading', { level: 1, name: 'Signals of algo 12' });
    await waitFor(() => expect(document.title).toBe('Signals of algo 12 | Trabot'));
    expect(head().querySelectorAll('title')).toHaveLength(1);
  });
});
