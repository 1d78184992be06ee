import { expect, test } from './support/fixtures';

const SECTION_LINKS = ['Home', 'Our Services', 'Our Mission', 'Membership', 'Free Education', 'About Us'];

test.describe('header and footer on a wide screen', () => {
  test('public mode: section links and Member Login; the footer has its parts', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Trabot/);
    // The logo is drawn inline, 32 px square: as an <img> its SVG was a document of its own to set up.
    const logo = page.getByRole('link', { name: 'Trabot home' }).locator('svg');
    expect(await logo.boundingBox()).toMatchObject({ width: 32, height: 32 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of SECTION_LINKS) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Member Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(/for educational purposes only and is not investment advice/)).toBeVisible();
    await expect(footer.getByText(/© 2024 Trabot/)).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Trabot on X' })).toHaveAttribute('href', /^https:\/\//);
    await expect(footer.getByRole('link', { name: 'Trabot on LinkedIn' })).toHaveAttribute('href', /linkedin\.com/);
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    const quick = footer.getByRole('navigation', { name: 'Quick Links' });
    for (const name of ['Home', 'Our Services', 'About Us', 'Our Mission', 'Free Learning', 'Membership']) {
      await expect(quick.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('a section link from another page opens that home section', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Member Login' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/#aboutus$/);
    await expect(page.getByRole('heading', { level: 2, name: 'About Us' })).toBeInViewport();
  });

  test('logged in: public pages offer Dashboard; dashboard pages show the dashboard links and no footer', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/dashboard/trades');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Account Settings']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Our Services' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Member Login' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/trades$/);
  });

  test('a superadmin also gets the Admin link', async ({ page, login }) => {
    await login({ role: 'superadmin' });
    await page.goto('/dashboard/trades');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Menu button toggles the menu, which closes when an item is chosen', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of SECTION_LINKS) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Member Login' })).toBeVisible();

    await menu.getByRole('link', { name: 'Our Mission' }).click();
    await expect(page).toHaveURL(/\/#mission$/);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 2, name: 'Our Mission and Values' })).toBeInViewport();

    await toggle.click();
    await menu.getByRole('link', { name: 'Member Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
  });

  test('logged in, the menu offers Member Dashboard on public pages and closes on Logout', async ({ page, login }) => {
    await login();
    await page.goto('/workshops');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await toggle.click();
    await expect(menu.getByRole('link', { name: 'Member Dashboard' })).toBeVisible();
    await menu.getByRole('link', { name: 'Member Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/trades$/);
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu.getByRole('link', { name: 'Account Settings' })).toBeVisible();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
  });
});
