import { demoManager, expect, navigationPages, signIn, test } from './fixtures';

test.describe('security of the production build', () => {
  test(
    'runs every page under its Content-Security-Policy without a violation',
    { tag: '@live' },
    async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const consoleViolations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
      });

      const html = await (await page.request.get('/')).text();
      expect(html).toContain('http-equiv="Content-Security-Policy"');
      // No inline script: the sign-in words' JSON block is data the CSP does not run.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>/);

      await signIn(page);
      for (const [link, heading] of navigationPages) {
        await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
      }
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations).toEqual([]);
      expect(consoleViolations).toEqual([]);
    },
  );

  test('keeps the token in session storage only, never the password', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    const storage = await page.evaluate(() => ({
      session: JSON.stringify({ ...sessionStorage }),
      local: JSON.stringify({ ...localStorage }),
    }));
    const token = JSON.parse(JSON.parse(storage.session)['fleet-console.session']).token as string;
    expect(token.length).toBeGreaterThan(10);
    expect(storage.local).not.toContain(token);
    expect(storage.session + storage.local).not.toContain(demoManager.password);
  });

  test('a signed-in tab sent to the sign-in page goes on to a same-origin address, however written', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    const openSignIn = (target: string) =>
      page.goto(`/login?redirect=${encodeURIComponent(target)}`);

    // Text outside Latin-1 cannot go into a header as it is.
    await openSignIn('/users?q=Łukasz');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('Łukasz');

    // The address parser drops tabs and newlines: this one is /vehicles.
    await openSignIn('/vehi\tcles\n');
    await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();

    // …and this one another site, so the overview opens instead.
    await openSignIn('/\t/evil.example/');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByText(/Redirect blocked|Failed to execute/)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
