import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { demoManager, expect, signIn, test } from './fixtures';

interface SentGeofence {
  name: string;
  geofenceGeography: {
    shapeType: number;
    radius: number;
    points: { latitude: number; longitude: number }[];
  };
}

/** Geofence creations, recorded as they leave the page. */
function recordGeofenceCreations(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/v1\/geofences(\?|$)/.test(request.url())) {
      sent.push(request);
    }
  });
  return sent;
}

async function openGeofences(page: Page) {
  // No fly-to animations: the view settles at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, demoManager, { path: '/geofences' });
  await expect(page.getByRole('heading', { name: 'Geofences', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('region', { name: 'Geofence map' })).toBeVisible();
}

/** Opens "Find a place", searches, and waits for the list of places. */
async function searchPlaces(page: Page, query: string) {
  await page.getByRole('button', { name: 'Find a place' }).click();
  const search = page.getByRole('search', { name: 'Find a place' });
  const field = search.getByRole('combobox', { name: 'Address or place name' });
  await expect(field).toBeFocused();
  await field.fill(query);
  await field.press('Enter');
  const places = page.getByRole('listbox', { name: 'Places found' });
  await expect(places.getByRole('option').first()).toBeVisible();
  return { search, field, places };
}

test.describe('find a place', () => {
  test('finds the Portland depot, draws a 300 m circle around it, and saves it as a geofence', async ({
    page,
  }) => {
    await openGeofences(page);
    const posts = recordGeofenceCreations(page);
    const searches: URL[] = [];
    page.on('request', (request) => {
      if (request.url().includes('nominatim.openstreetmap.org'))
        searches.push(new URL(request.url()));
    });

    const { search, field, places } = await searchPlaces(page, 'Portland');
    // The demo answers the configured search from its own gazetteer: no network needed.
    await expect(search.getByText(/places match “Portland”/)).toBeVisible();
    expect(searches).toHaveLength(1);
    expect(searches[0]!.searchParams.get('q')).toBe('Portland');
    expect(searches[0]!.searchParams.get('format')).toBe('jsonv2');
    await expect(places.getByRole('option').first()).toContainText('Portland');

    // Keyboard: down to the depot, Enter chooses it.
    await field.press('ArrowDown');
    await field.press('ArrowDown');
    await expect(field).toHaveAttribute(
      'aria-activedescendant',
      (await places.getByRole('option', { name: /^Portland Depot/ }).getAttribute('id'))!,
    );
    await field.press('Enter');
    await expect(places).toBeHidden();
    await expect(search.getByText('Cascade Freight & Logistics', { exact: false })).toBeVisible();

    await search.getByLabel('Radius (metres)').fill('300');
    await search.getByRole('button', { name: 'Draw around it' }).click();
    await expect(search).toBeHidden();
    await expect(page.getByRole('button', { name: 'Find a place' })).toBeFocused();

    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByText('Circle · 300 m radius')).toBeVisible();
    await form.getByLabel('Name').fill('E2E Portland Depot gate');
    await form.getByRole('button', { name: 'Save geofence' }).click();
    await expect(page.getByText('“E2E Portland Depot gate” was created.')).toBeVisible();

    const body = posts[0]!.postDataJSON() as SentGeofence;
    expect(body.geofenceGeography.shapeType).toBe(3);
    expect(body.geofenceGeography.radius).toBe(300);
    expect(body.geofenceGeography.points).toEqual([{ latitude: 45.5543, longitude: -122.6757 }]);

    await page.getByLabel('Search geofences').fill('E2E Portland Depot gate');
    await expect(
      page.getByRole('listbox', { name: 'Geofences' }).getByRole('option', {
        name: /E2E Portland Depot gate/,
      }),
    ).toBeVisible();
    // Searched once: choosing and drawing asked nothing more of the search.
    expect(searches).toHaveLength(1);
  });
});
