/**
 * The public pages in Chromium: anchors and smooth scrolling (and reduced motion), titles and
 * share tags, landmarks and alt text, the membership terms, the intro video and its offline
 * placeholder, and every public page readable offline once visited.
 */
import type { Page } from '@playwright/test';
import { SITE } from '@client/site-config';
import { expect, test } from './support/fixtures';

/** scrollTop of the app's scroll container, sampled on every frame for `ms`. */
async function scrollSamples(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(
    (duration) =>
      new Promise<number[]>((resolve) => {
        const samples: number[] = [];
        const start = performance.now();
        const scroller = document.querySelector('.app-scroll')!;
        const tick = () => {
          samples.push(Math.round(scroller.scrollTop));
          if (performance.now() - start < duration) requestAnimationFrame(tick);
          else resolve(samples);
        };
        tick();
      }),
    ms,
  );
}

/** Distance from the top of the scroll container to the section's top (its scroll margin is 8 px). */
const sectionOffset = (page: Page, id: string) =>
  page.evaluate((sectionId) => {
    const scroller = document.querySelector('.app-scroll');
    const section = document.getElementById(sectionId);
    if (!scroller || !section) return null; // not rendered yet
    return Math.round(section.getBoundingClientRect().top - scroller.getBoundingClientRect().top);
  }, id);

const distinct = (values: number[]) => new Set(values).size;

/**
 * Scroll positions between the start and `end`: an animated scroll, not a jump (which shows none).
 * Two at least: a busy machine draws few frames of the animation (CI saw 2 beside other browser tests).
 */
const expectAnimated = (samples: number[], end: number) =>
  expect(distinct(samples.filter((top) => top > 0 && top < end))).toBeGreaterThanOrEqual(2);

test.describe('anchors', () => {
  test('a header link from another page scrolls smoothly to its home section, which takes the focus', async ({
    page,
  }) => {
    await page.goto('/workshops');
    await expect(page.getByRole('heading', { level: 1, name: 'Online Workshops' })).toBeVisible();
    // Sampled every frame from before the click (the home page's chunk may load late on a busy
    // machine, so a fixed window after the click can miss the whole animation).
    await page.evaluate(() => {
      const samples: number[] = [];
      (window as unknown as { __samples: number[] }).__samples = samples;
      const start = performance.now();
      const tick = () => {
        const scroller = document.querySelector('.app-scroll');
        if (scroller) samples.push(Math.round(scroller.scrollTop));
        if (performance.now() - start < 15_000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Free Education' }).click();
    await expect(page).toHaveURL(/\/#freelearning$/);
    await expect.poll(() => sectionOffset(page, 'freelearning')).toBe(8);
    const samples = await page.evaluate(() => (window as unknown as { __samples: number[] }).__samples);
    const end = await page.evaluate(() => Math.round(document.querySelector('.app-scroll')!.scrollTop));
    expectAnimated(samples, end);
    await expect(page.locator('#freelearning')).toBeFocused();
  });

  test('opening a URL with an anchor scrolls smoothly to that section', async ({ page }) => {
    await page.addInitScript(() => {
      const samples: number[] = [];
      (window as unknown as { __samples: number[] }).__samples = samples;
      const tick = () => {
        const scroller = document.querySelector('.app-scroll');
        if (scroller) samples.push(Math.round(scroller.scrollTop));
        if (samples.length < 240) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto('/#aboutus');
    await expect.poll(() => sectionOffset(page, 'aboutus')).toBe(8);
    const samples = await page.evaluate(() => (window as unknown as { __samples: number[] }).__samples);
    expectAnimated(samples, samples.at(-1)!);
  });

  test('with reduced motion the page jumps to the section at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    const samples = await scrollSamples(page, 400);
    await expect(page).toHaveURL(/\/#aboutus$/);
    expect(distinct(samples.filter((top) => top > 0))).toBeLessThanOrEqual(1);
    expect(await sectionOffset(page, 'aboutus')).toBe(8);
  });

  test('Learn More on the service cards and Explore More lead to their sections and pages', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/home');
    const services = page.locator('#services');
    await services.getByRole('link', { name: 'Learn More' }).last().click();
    await expect(page).toHaveURL(/\/home#membership$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Membership' })).toBeInViewport();
    await page.locator('#membership').getByRole('link', { name: 'Explore More' }).click();
    await expect(page).toHaveURL(/\/trabot-membership$/);
    await page.goBack();
    await page.locator('#freelearning').getByRole('link', { name: 'Explore More' }).click();
    await expect(page).toHaveURL(/\/workshops$/);
  });

  test('a page a link opens starts at the top, not where the last one was scrolled to', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const scrollTop = () => page.evaluate(() => document.querySelector('.app-scroll')!.scrollTop);
    const explore = page.locator('#freelearning').getByRole('link', { name: 'Explore More' });
    await explore.scrollIntoViewIfNeeded();
    expect(await scrollTop()).toBeGreaterThan(0);
    await explore.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Online Workshops' })).toBeVisible();
    expect(await scrollTop()).toBe(0);
  });
});

const PAGES = [
  {
    path: '/',
    canonical: '/',
    title: 'Trabot: algorithmic trading research, free workshops and membership',
    h1: /Algorithmic trading systems/,
  },
  { path: '/workshops', canonical: '/workshops', title: 'Online Workshops | Trabot', h1: 'Online Workshops' },
  {
    path: '/trabot-membership',
    canonical: '/trabot-membership',
    title: 'Trabot Membership | Trabot',
    h1: 'Trabot Membership',
  },
] as const;

test.describe('titles, share tags and accessibility', () => {
  for (const { path, canonical, title, h1 } of PAGES) {
    test(`${path}: title, description, Open Graph tags, landmarks, one h1, alt text`, async ({ page, request }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page).toHaveTitle(title);
      const meta = (selector: string) => page.locator(`head ${selector}`).getAttribute('content');
      const description = await meta('meta[name="description"]');
      expect(description?.length).toBeGreaterThan(50);
      expect(await meta('meta[property="og:title"]')).toBe(title);
      expect(await meta('meta[property="og:description"]')).toBe(description);
      expect(await meta('meta[property="og:type"]')).toBe('website');
      // Absolute, naming the public site: the same in the prerendered HTML, built before any host is known.
      expect(await meta('meta[property="og:url"]')).toBe(`${SITE.origin}${canonical}`);
      expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${SITE.origin}${canonical}`);
      expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
      // Once each: the app replaced the tags the HTML came with rather than adding to them.
      for (const selector of [
        'title',
        'meta[name="description"]',
        'link[rel="canonical"]',
        'meta[property="og:url"]',
        'meta[name="twitter:card"]',
      ]) {
        await expect(page.locator(`head ${selector}`), selector).toHaveCount(1);
      }

      const image = await meta('meta[property="og:image"]');
      expect(image).toBe(`${SITE.origin}/images/share-image.png`);
      const png = await request.get(new URL(image!).pathname);
      expect(png.headers()['content-type']).toBe('image/png');
      const body = await png.body();
      expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);
      expect(await page.locator('head link[rel="icon"]').count()).toBeGreaterThan(0);

      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const img of await page.locator('img').all())
        expect(await img.getAttribute('alt'), (await img.getAttribute('src')) ?? '').not.toBeNull();
      for (const svg of await page.locator('svg[role="img"]:visible').all()) {
        expect((await svg.getAttribute('aria-labelledby')) ?? (await svg.getAttribute('aria-label'))).toBeTruthy();
      }
    });
  }

  test("the HTML a crawler reads carries the page's own title, description, canonical link and share tags once", async ({
    request,
  }) => {
    for (const { path, canonical, title } of PAGES) {
      const html = await (await request.get(path)).text();
      const count = (pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0;
      expect(count(/<title>/), path).toBe(1);
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(count(/<meta name="description"/), path).toBe(1);
      expect(count(/<link rel="canonical"/), path).toBe(1);
      expect(html, path).toContain(`<link rel="canonical" href="${SITE.origin}${canonical}">`);
      expect(html, path).toContain(`<meta property="og:url" content="${SITE.origin}${canonical}">`);
      expect(count(/<meta property="og:title"/), path).toBe(1);
    }
  });

  test('leaving a public page takes its share tags away and keeps one title and description', async ({ page }) => {
    await page.goto('/workshops');
    await expect(page).toHaveTitle('Online Workshops | Trabot');
    await page.getByRole('link', { name: 'Member Login' }).click();
    await expect(page).toHaveTitle('Member Login | Trabot');
    await expect(page.locator('head meta[property="og:url"]')).toHaveCount(0);
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  });

  test('the home page images are sized, below-the-fold ones load lazily', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('img', { name: /candlestick chart/ });
    await expect(hero).toBeVisible();
    expect(await hero.getAttribute('width')).toBe('560');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const poster = page.locator('.video-poster img');
    expect(await poster.getAttribute('loading')).toBe('lazy');
    expect(await poster.getAttribute('width')).toBe('1280');
  });
});

test('the membership page states the fee, payment window, policies and testing limits', async ({ page }) => {
  await page.goto('/trabot-membership');
  const main = page.getByRole('main');
  await expect(main.getByText(/75 USD\s+or\s+5,900 INR\s+per month, including taxes/)).toBeVisible();
  await expect(main.getByText(/subject\s+to change/)).toBeVisible();
  await expect(main.getByText('The fee is due from the 1st to the 25th of each month.')).toBeVisible();
  await expect(
    main.getByText(/not paid by the 25th is cancelled automatically, and its slot is reopened/),
  ).toBeVisible();
  await expect(main.getByText('Fees are non-refundable.')).toBeVisible();
  await expect(
    main.getByText('Opting out before the 25th of a month requires no payment for that month.'),
  ).toBeVisible();
  await expect(
    main.getByText(/may be accepted or rejected, and a membership may be cancelled, at any time/),
  ).toBeVisible();
  await expect(
    main.getByText(
      /at most\s+10\s+members test any one algorithm, each with capital of at least \$1,500 and at\s+most \$7,500/,
    ),
  ).toBeVisible();
  await expect(main.getByRole('img', { name: /Membership workflow in five steps/ })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Fill Out the Interest Form' })).toHaveCount(2);
});

test.describe('the introduction video', () => {
  // Offline just after the first load, the service worker's install may fail to fetch its script.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|An unknown error occurred when fetching the script/] });

  test('plays in the privacy-enhanced player on request; offline, a placeholder with a link stands in', async ({
    page,
    context,
  }) => {
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
    );
    await page.goto('/#freelearning');
    const section = page.locator('#freelearning');
    await expect(section.getByRole('link', { name: 'Join the community chat on Telegram' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expect(section.getByRole('link', { name: 'Watch the introduction on YouTube' })).toHaveAttribute(
      'href',
      /youtube\.com\/watch\?v=/,
    );
    await expect(section.locator('iframe')).toHaveCount(0);

    await context.setOffline(true);
    await expect(section.getByText(/The introduction video needs an internet connection/)).toBeVisible();
    await expect(section.getByRole('button', { name: /Play video/ })).toHaveCount(0);
    await expect(section.getByRole('link', { name: 'Watch the introduction on YouTube' })).toBeVisible();

    await context.setOffline(false);
    await section.getByRole('button', { name: /Play video/ }).click();
    const frame = section.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?/);
    await expect(frame).toHaveAttribute('title', /Introduction/);
    await expect(page.frameLocator('#freelearning iframe').getByText('player')).toBeVisible();
  });
});

test.describe('offline', () => {
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch/] });

  test('after one visit, /, /workshops and the membership page reload with the server unreachable, images included', async ({
    page,
    goOffline,
  }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const precached = await page.evaluate(async () => (await fetch('/sw.js')).text());
    for (const image of ['images/hero-chart.svg', 'images/intro-video-poster.svg', 'images/share-image.png'])
      expect(precached).toContain(image);

    await page.goto('/workshops');
    await expect(
      page.getByRole('heading', { name: 'Building Your First Algorithmic Strategy for NSE Stocks' }),
    ).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('trabot-public-cache') ?? ''))
      .toContain('Building Your First');

    await goOffline();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Algorithmic trading systems/ })).toBeVisible();
    await expect
      .poll(() =>
        page.getByRole('img', { name: /candlestick chart/ }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(page.getByText(/The introduction video needs an internet connection/)).toBeVisible();

    await page.reload();
    await page.goto('/workshops');
    await expect(
      page.getByRole('heading', { name: 'Building Your First Algorithmic Strategy for NSE Stocks' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Completed' }).first()).toBeDisabled();
    await expect(page.getByText(/^Offline, as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();

    await page.goto('/trabot-membership');
    await expect(page.getByText('Fees are non-refundable.')).toBeVisible();
    // The interest form's code is precached too: it opens offline (sending it is refused until online).
    await page.getByRole('button', { name: 'Fill Out the Interest Form' }).first().click();
    await expect(page.locator('ion-modal').getByRole('heading', { name: /Step 1 of 4/ })).toBeVisible();
  });
});

test.describe('the workshop form on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a long optional label is read whole, to its "(optional)"', async ({ page }) => {
    await page.goto('/workshops');
    await page.getByRole('button', { name: 'Register' }).first().click();
    const modal = page.locator('ion-modal').filter({ hasText: 'Workshop Registration' });
    const field = modal.locator('[data-field="comments"]');
    const label = field.locator('.label-text');
    await expect(label).toHaveText('Anything you would like the presenter to cover? (optional)');
    await label.scrollIntoViewIfNeeded();
    // Not cut: the text fits its box, and its box fits the phone.
    const cut = await label.evaluate(
      (el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis',
    );
    expect(cut).toBe(false);
    const box = (await label.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(modal.getByLabel('Anything you would like the presenter to cover? (optional)')).toBeVisible();
  });
});

test("every script a first visit runs carries V8's compile hint on its first line", async ({ page, request }) => {
  await page.goto('/');
  const modules = (await page.locator('meta[name="app-modules"]').getAttribute('content'))!.split(/\s+/);
  const boot = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(modules.length).toBeGreaterThan(1);
  // The libraries run first, a task each, are among them: React with TanStack Query, then the router.
  const libraries = (await page.locator('meta[name="app-libraries"]').getAttribute('content'))!.split(/\s+/);
  expect(libraries).toEqual([expect.stringMatching(/\/lib-query-/), expect.stringMatching(/\/lib-router-/)]);
  expect(modules).toEqual(expect.arrayContaining(libraries));
  for (const src of [boot!, ...modules]) {
    const firstLine = (await (await request.get(src)).text()).split('\n', 1)[0];
    expect(firstLine, src).toBe('//# allFunctionsCalledOnLoad');
  }
});
