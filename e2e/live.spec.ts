import { demoEcmApiKey } from '../src/config/demo-accounts';
import { demoManager, expect, signIn, startWithoutEcmKey, test } from './fixtures';
import { deployNewVersion } from './live-stack';

/**
 * Journeys only the live stack has (nginx with deploy/'s template, the service over HTTP); the
 * journeys both modes share are the demo specs' ones tagged @live.
 */
test.describe('live, behind the proxy we ship', () => {
  test(
    'serves the policy and caching of deploy/, and config.json as deployed',
    {
      tag: '@live',
    },
    async ({ page }) => {
      const index = await page.request.get('/vehicles');
      expect(index.headers()['cache-control']).toBe('no-cache');
      const policy = index.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("connect-src 'self' https://nominatim.openstreetmap.org;");
      expect(policy).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
      expect(policy).not.toMatch(/https:(;|\s|$)/);
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1] ?? '';
      const asset = await page.request.get(script);
      expect(asset.headers()['cache-control']).toContain('immutable');
      // A build file that is gone is a 404, not the page in its place.
      expect((await page.request.get('/assets/gone-1234.js')).status()).toBe(404);
      const config: unknown = await (await page.request.get('/config.json')).json();
      expect(config).toMatchObject({ demo: false });
    },
  );

  test('a vehicle saved is there after a reload', { tag: '@live' }, async ({ page }) => {
    // Two full page loads through the proxy; the generous limit is for busy machines.
    test.slow();
    await signIn(page, demoManager, { path: '/vehicles?name=PDX-P102' });
    await page
      .getByRole('table', { name: 'Vehicles' })
      .getByRole('link', { name: 'PDX-P102' })
      .click();
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByLabel('Licence plate').fill('LIVE 42');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('PDX-P102 was saved.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Details' }).getByLabel('Licence plate'),
    ).toHaveValue('LIVE 42', { timeout: 45_000 });
  });

  test('a group saved is there after a reload', { tag: '@live' }, async ({ page }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/groups' });
    await page.getByLabel('Search groups').fill('Portland Depot');
    await page
      .getByRole('tree', { name: 'Groups', exact: true })
      .getByRole('treeitem', { name: 'Portland Depot', exact: true })
      .click();
    const edit = page.getByRole('form', { name: 'Name and description' });
    await edit.getByLabel('Description').fill('Saved through the proxy');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('“Portland Depot” was saved.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Name and description' }).getByLabel('Description'),
    ).toHaveValue('Saved through the proxy', { timeout: 45_000 });
  });

  test(
    'vehicle positions come from the ECM pod with the API key set in Settings',
    {
      tag: '@live',
    },
    async ({ page }) => {
      await startWithoutEcmKey(page);
      await signIn(page, demoManager, { path: '/settings' });
      const settings = page.getByRole('form', { name: 'Legacy ECM API' });
      await settings.getByRole('textbox', { name: 'API key', exact: true }).fill(demoEcmApiKey);
      await settings.getByLabel('Deployment').click();
      await page.getByRole('option', { name: 'LV · prod6' }).click();
      const positions = page.waitForRequest(
        (request) =>
          request.url().includes('/service/ecm/prod6.lv/ecm/vehicles') &&
          request.headers()['x-apikey'] === demoEcmApiKey,
      );
      await settings.getByRole('button', { name: 'Test connection' }).click();
      await expect(settings.getByText('Connection works')).toBeVisible();
      await positions;
      await page
        .getByRole('navigation')
        .getByRole('link', { name: 'Fleet map', exact: true })
        .click();
      await expect(page.getByRole('heading', { name: 'Fleet map', level: 1 })).toBeVisible();
      await expect(page.getByText(/\d+ vehicles on the map/)).toBeVisible();
    },
  );

  test(
    'a tab open across a redeploy says a new version is there and reloads where it was',
    { tag: '@live' },
    async ({ page }) => {
      await signIn(page, demoManager, { path: '/users' });
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await deployNewVersion(`code-${Date.now()}`);
      // The old version's code for the next page is gone from the server.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: 'Vehicles', exact: true })
        .click();
      await expect(page.getByText('The console was updated')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/vehicles');
      await expect(page.getByText('This page could not be shown')).toHaveCount(0);
    },
  );

  test(
    'a tab open when config.json changes reloads for it on its next page',
    { tag: '@live' },
    async ({ page }) => {
      await signIn(page, demoManager, { path: '/users' });
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      // Only the configuration changes, and differs from any deployed before (the release stays
      // between journeys): the code the tab has is still served.
      const release = `config-${Date.now()}`;
      await deployNewVersion(
        release,
        {
          map: {
            tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
            attribution: `© OpenStreetMap contributors (${release})`,
            maxZoom: 19,
          },
        },
        { configOnly: true },
      );
      // The tab reads config.json again at most once a minute: a minute passes.
      await page.clock.setFixedTime(Date.now() + 2 * 60_000);
      await page.getByRole('navigation').getByRole('link', { name: 'Groups', exact: true }).click();
      await expect(page.getByText('The console was updated')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
    },
  );
});
