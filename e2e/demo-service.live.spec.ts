import { demoDispatcher, expect, sendFromPage, signIn, test } from './fixtures';
import { liveStack } from './live-stack';

/**
 * The demo service over HTTP behind the proxy we ship, tried as a curious signed-in user would
 * from the console's page (and, for bodies, as a tool sending straight to the service's port).
 */
test.describe('the demo service, live', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test(
    'its admin paths answer no one through the proxy, signed in or not, under any prefix or spelling',
    { tag: '@live' },
    async ({ page }) => {
      test.slow();
      await signIn(page, demoDispatcher, { path: '/vehicles?name=PDX-T104' });
      const table = page.getByRole('table', { name: 'Vehicles' });
      await expect(table.getByRole('link', { name: 'PDX-T104', exact: true })).toBeVisible({
        timeout: 60_000,
      });

      // A vehicle of his own, created just before: a reset would take it away.
      const own = JSON.parse(
        (await sendFromPage(page, 'GET', '/service/api/v0/vehicles/all?name=PDX-T104')).text,
      ) as { vehicles: { groupId: string }[] };
      const created = await sendFromPage(page, 'POST', '/service/api/v0/vehicles/all', {
        body: { name: 'PDX-DOOR-1', groupId: own.vehicles[0]!.groupId },
      });
      expect(created.status).toBe(201);
      const { vehicleId } = JSON.parse(created.text) as { vehicleId: string };

      for (const prefix of ['/service/api', '/service/login', '/service/ecm/prod2.ph']) {
        for (const admin of ['__service', '%5F%5Fservice', '__SERVICE']) {
          for (const signedIn of [false, true]) {
            const tries = [
              await sendFromPage(page, 'GET', `${prefix}/${admin}/faults`, { signedIn }),
              await sendFromPage(page, 'PUT', `${prefix}/${admin}/faults`, {
                signedIn,
                body: [{ pathPattern: '/v1/users$', status: 500 }],
              }),
              await sendFromPage(page, 'PUT', `${prefix}/${admin}/settings`, {
                signedIn,
                body: { tokenTtlSeconds: 1 },
              }),
              await sendFromPage(page, 'POST', `${prefix}/${admin}/reset`, { signedIn }),
            ];
            expect(tries.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
          }
        }
      }

      // Nothing changed: users are read, the session holds, the vehicle is still there, and a
      // new sign-in gets the usual lifetime.
      expect((await sendFromPage(page, 'GET', '/service/api/v1/users?limit=1')).status).toBe(200);
      expect(
        (await sendFromPage(page, 'GET', `/service/api/v0/vehicles/${vehicleId}`)).status,
      ).toBe(200);
      const signedInAgain = await sendFromPage(page, 'POST', '/service/login/api/auth/user', {
        signedIn: false,
        body: { username: demoDispatcher.username, password: demoDispatcher.password },
      });
      expect((JSON.parse(signedInAgain.text) as { expires_in: number }).expires_in).toBeGreaterThan(
        60,
      );
      await page.goto('/users');
      await expect(
        page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().getByRole('link'),
      ).toBeVisible({ timeout: 60_000 });
    },
  );

  test(
    'a body is read only after its token is checked, and never past the stated limit',
    { tag: '@live' },
    async ({ page, request }) => {
      test.slow();
      await signIn(page, demoDispatcher, { path: '/users' });
      await expect(
        page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().getByRole('link'),
      ).toBeVisible({ timeout: 60_000 });
      const overLimit = 9 * 1024 * 1024;

      // From the page, through the proxy: without a token, a write is refused unread; a body
      // over 8 MB is refused at the proxy, with a token or without.
      const anonymous = await sendFromPage(page, 'POST', '/service/api/v1/users', {
        signedIn: false,
        bodyBytes: 1024 * 1024,
      });
      expect(anonymous.status).toBe(401);
      for (const signedIn of [false, true]) {
        const large = await sendFromPage(page, 'POST', '/service/api/v1/users', {
          signedIn,
          bodyBytes: overLimit,
        });
        expect(large.status).toBe(413);
      }

      // Straight to the service's own port, as an integrator's tool would send it.
      const token = await page.evaluate(
        () =>
          (
            JSON.parse(sessionStorage.getItem('fleet-console.session') ?? '{}') as {
              token?: string;
            }
          ).token ?? '',
      );
      const body = Buffer.alloc(overLimit, 'x');
      const headers = { 'Content-Type': 'application/json' };
      const unread = await request.post(`${liveStack.serviceUrl}/v1/users`, {
        headers,
        data: body,
      });
      expect(unread.status()).toBe(401);
      const refused = await request.post(`${liveStack.serviceUrl}/v1/users`, {
        headers: { ...headers, Authorization: `Bearer ${token}` },
        data: body,
      });
      expect(refused.status()).toBe(413);
      expect(await refused.text()).toContain(String(8 * 1024 * 1024));
    },
  );
});
