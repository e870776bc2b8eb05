import { demoManager, expect, signIn, test } from './fixtures';

const pages = [
  ['Overview', 'Overview'],
  ['Users', 'Users'],
  ['Groups', 'Groups'],
  ['Vehicles', 'Vehicles'],
  ['Fleet map', 'Fleet map'],
  ['Devices', 'Devices'],
  ['Geofences', 'Geofences'],
  ['Safety events', /Safety events|Review queue/],
  ['Scorecards', 'Scorecards'],
  ['Driver assignments', 'Driver assignments'],
  ['Dispatch upload', /Dispatch/],
  ['Settings', 'Settings'],
] as const;

test.describe('security of the production build', () => {
  test('runs every page under its Content-Security-Policy without a violation', async ({
    page,
  }) => {
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
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    await signIn(page);
    for (const [link, heading] of pages) {
      await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
    expect(consoleViolations).toEqual([]);
  });

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
});
