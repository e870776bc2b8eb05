import type { Download, Locator, Page } from '@playwright/test';
import { demoManager, expect, test } from './fixtures';

/**
 * The console in Spanish and in French, chosen by the browser's language: each journey asserts
 * translated words and the language's own formats (dates, number separators, plurals).
 */
const languages = [
  {
    tag: 'es-419',
    browserLocale: 'es-MX',
    name: 'Español (Latinoamérica)',
    words: {
      title: 'Iniciar sesión · Fleet Console',
      signIn: 'Iniciar sesión',
      username: 'Usuario',
      password: 'Contraseña',
      language: 'Idioma',
      overview: 'Resumen',
      recentEvents: 'Eventos de seguridad recientes',
      vehicles: 'Vehículos',
      exportButton: 'Exportar',
      firstCsvHeader: 'Nombre',
      exportFile: /^vehículos-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/,
      rowsPerPage: 'Filas por página',
      eventVideo: 'Video del evento',
      noVideo: 'No hay video para este evento',
      geofences: 'Geocercas',
      drawPolygon: 'Dibujar polígono',
      firstCorner: 'Haga clic para colocar el primer vértice',
      newGeofence: 'Nueva geocerca',
      fourCorners: 'Polígono · 4 vértices',
      name: 'Nombre',
      saveGeofence: 'Guardar geocerca',
      created: 'Se creó «Patio de carga E2E».',
      settings: 'Configuración',
      openNavigation: 'Abrir navegación',
      geofenceName: 'Patio de carga E2E',
      dispatch: 'Carga de despacho',
      scheduleFile: 'Archivo de horario',
      checkRows: 'Verificar las filas',
      problemsFound: 'Problemas encontrados',
      rowsNeedWork: /^\d de 6 filas necesitan correcciones$/,
      notADate: 'no es una fecha y hora que podamos leer',
      endAfterStart: 'debe ser posterior al inicio',
    },
    // "1 dic 2026", "1 dic, 11:04 p.m.": Spanish month abbreviations.
    month: /\b(ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic)\b/,
    // Grouped with a comma in Latin America: "1–25 de 2,000".
    pagerOfTwoThousand: /^1–25 de 2,000$/,
  },
  {
    tag: 'fr-CA',
    browserLocale: 'fr-CA',
    name: 'Français (Canada)',
    words: {
      title: 'Connexion · Fleet Console',
      signIn: 'Se connecter',
      username: "Nom d'utilisateur",
      password: 'Mot de passe',
      language: 'Langue',
      overview: 'Aperçu',
      recentEvents: 'Événements de sécurité récents',
      vehicles: 'Véhicules',
      exportButton: 'Exporter',
      firstCsvHeader: 'Nom',
      exportFile: /^véhicules-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/,
      rowsPerPage: 'Lignes par page',
      eventVideo: 'Vidéo de l’événement',
      noVideo: 'Aucune vidéo pour cet événement',
      geofences: 'Géorepérages',
      drawPolygon: 'Dessiner un polygone',
      firstCorner: 'Cliquez pour placer le premier sommet',
      newGeofence: 'Nouvelle zone de géorepérage',
      fourCorners: 'Polygone · 4 sommets',
      name: 'Nom',
      saveGeofence: 'Enregistrer la zone',
      created: '« Quai de chargement E2E » a été créée.',
      settings: 'Paramètres',
      openNavigation: 'Ouvrir la navigation',
      geofenceName: 'Quai de chargement E2E',
      dispatch: 'Téléversement de répartition',
      scheduleFile: "Fichier d'horaire",
      checkRows: 'Vérifier les lignes',
      problemsFound: 'Problèmes trouvés',
      rowsNeedWork: /^Lignes à corriger : \d sur 6$/,
      notADate: "n'est pas une date et heure lisible",
      endAfterStart: 'doit être après le début',
    },
    month: /\b(janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)\./,
    // French groups with a no-break space: "1–25 sur 2 000".
    pagerOfTwoThousand: /^1–25 sur 2[\u00a0\u202f]000$/,
  },
] as const;

type Language = (typeof languages)[number];

/**
 * A schedule with rows the browser refuses (no 31 November, an end before its start, vehicles a
 * larger demo fleet names otherwise). Its headers are the English template's.
 */
const scheduleWithMistakes = {
  name: 'tomorrow.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'Employee ID,First name,Last name,Vehicle,Start,End',
      'CF1011,Robert,Adams,PDX-T104,2026-11-24 06:00,2026-11-24 16:00',
      'CF1012,Andre,Thomas,PDX-T105,2026-11-24 07:30,2026-11-24 17:30',
      'CF1013,Tanya,Ortiz,PDX-T107,2026-11-24 08:00,2026-11-24 18:00',
      'CF1015,Natalie,Johnson,PDX-T110,2026-11-31 06:00,2026-11-24 16:00',
      'CF1016,Jamal,Taylor,PDX-T113,2026-11-24 18:00,2026-11-24 08:00',
      'CF9917,Luis,Russell,PDX-T999,2026-11-24 06:00,2026-11-24 16:00',
    ].join('\r\n'),
  ),
};

/** Signs in through the app's sign-in page, in the language's own words. */
async function signInAs(page: Page, language: Language, demoParams = 'demoLatency=0') {
  const { words } = language;
  await page.goto(`/?${demoParams}`);
  await expect(page.getByRole('heading', { name: words.signIn })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel(words.username).fill(demoManager.username);
  await page.getByLabel(words.password, { exact: true }).fill(demoManager.password);
  await page.getByRole('button', { name: words.signIn }).click();
  await expect(page.getByRole('heading', { name: words.overview, level: 1 })).toBeVisible({
    timeout: 60_000,
  });
}

async function readDownload(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Clicks the geofence map at a fraction of its size (away from the controls on the left). */
async function clickMap(map: Locator, page: Page, fractionX: number, fractionY: number) {
  const box = await map.boundingBox();
  if (!box) throw new Error('The map is not on the page.');
  await page.mouse.click(box.x + box.width * fractionX, box.y + box.height * fractionY);
}

for (const language of languages) {
  const { words } = language;

  test.describe(`in ${language.name}`, () => {
    test.use({ locale: language.browserLocale });

    test(
      'the sign-in form paints in the language before the app, and the app speaks it after',
      { tag: '@live' },
      async ({ page }) => {
        // The app's code held back: what shows is index.html's own form. (Any name a release gives
        // the file: the live journeys' redeploy renames every file, code-<n>-index-….)
        await page.route(/\/assets\/[\w-]*index-[\w-]+\.js$/, (route) => route.abort());
        await page.goto('/login');
        const staticForm = page.locator('#static-sign-in');
        await expect(staticForm.getByRole('heading', { name: words.signIn })).toBeVisible();
        await expect(staticForm.getByLabel(words.username)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language.tag);
        await expect(page).toHaveTitle(words.title);

        await page.unrouteAll();
        await signInAs(page, language);
        await expect(page.locator('html')).toHaveAttribute('lang', language.tag);
        // The overview's recent events carry dates in the language.
        const recent = page.getByRole('table', { name: words.recentEvents });
        await expect(recent.getByRole('link').first()).toHaveText(language.month);
      },
    );

    test('a list pages and exports, an event plays, a geofence is drawn and the dispatch checks speak, all in the language', async ({
      page,
    }) => {
      test.slow();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signInAs(page, language, 'demoLatency=0&demoScale=10');

      // The vehicle list: its pager's total with the language's separators, and an export with
      // translated headers and file name.
      await page.getByRole('navigation').getByRole('link', { name: words.vehicles }).click();
      await expect(page.getByText(language.pagerOfTwoThousand)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(words.rowsPerPage)).toBeVisible();
      await page.goto('/vehicles?name=PDX-T1');
      await page.getByRole('button', { name: words.exportButton }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
      const csv = await download;
      expect(csv.suggestedFilename()).toMatch(words.exportFile);
      const header = (await readDownload(csv)).slice(1).split('\r\n')[0] ?? '';
      expect(header.split(',')[0]).toBe(words.firstCsvHeader);

      // An event's page: its video, and its time in the language.
      await page.goto('/events');
      await page.getByRole('table').getByRole('link').first().click();
      const video = page.getByLabel(words.eventVideo);
      await expect(video.or(page.getByText(words.noVideo))).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('main').getByText(language.month).first()).toBeVisible();

      // A geofence drawn and saved.
      await page.goto('/geofences');
      await expect(page.getByRole('heading', { name: words.geofences, level: 1 })).toBeVisible({
        timeout: 30_000,
      });
      const map = page.locator('.leaflet-container').first();
      await expect(map).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: words.drawPolygon }).click();
      await expect(page.getByText(words.firstCorner)).toBeVisible();
      const corners: [number, number][] = [
        [0.3, 0.3],
        [0.5, 0.32],
        [0.52, 0.6],
        [0.32, 0.62],
      ];
      for (const [x, y] of corners) await clickMap(map, page, x, y);
      await clickMap(map, page, 0.3, 0.3);
      const form = page.getByRole('form', { name: words.newGeofence });
      await expect(form.getByText(words.fourCorners)).toBeVisible();
      await form.getByRole('textbox', { name: words.name, exact: true }).fill(words.geofenceName);
      await form.getByRole('button', { name: words.saveGeofence }).click();
      await expect(page.getByText(words.created)).toBeVisible({ timeout: 30_000 });

      // The dispatch wizard's checks, worded in the language (they run in a worker): a plural
      // and the rows' problems.
      await page.getByRole('navigation').getByRole('link', { name: words.dispatch }).click();
      await page.getByLabel(words.scheduleFile).setInputFiles(scheduleWithMistakes);
      await page.getByRole('button', { name: words.checkRows, exact: true }).click();
      await expect(page.getByRole('alert', { name: words.rowsNeedWork })).toBeVisible({
        timeout: 30_000,
      });
      const problems = page.getByRole('list', { name: words.problemsFound });
      await expect(problems).toContainText(words.notADate);
      await expect(problems).toContainText(words.endAfterStart);
    });

    test('Settings changes the language at once, without a reload, and it is kept', async ({
      page,
    }) => {
      await signInAs(page, language);
      await page.getByRole('navigation').getByRole('link', { name: words.settings }).click();
      await expect(page.getByRole('heading', { name: words.settings, level: 1 })).toBeVisible();
      // A mark a reload would wipe.
      await page.evaluate(() => Object.assign(window, { notReloaded: true }));
      await page.getByRole('combobox', { name: words.language }).click();
      await page.getByRole('option', { name: 'English' }).click();
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('navigation').getByRole('link', { name: 'Overview' }),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({
        timeout: 30_000,
      });
    });
  });

  test.describe(`in ${language.name} on a touch phone`, () => {
    test.use({
      locale: language.browserLocale,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });

    test('the overview, the navigation and a list read in the language and fit the screen', async ({
      page,
    }) => {
      await signInAs(page, language, 'demoLatency=0&demoScale=10');
      await expect(
        page.getByRole('table', { name: words.recentEvents }).getByRole('link').first(),
      ).toHaveText(language.month);
      await page.getByRole('button', { name: words.openNavigation }).tap();
      await page.getByRole('navigation').getByRole('link', { name: words.vehicles }).tap();
      await expect(page.getByRole('heading', { name: words.vehicles, level: 1 })).toBeVisible();
      await expect(page.getByText(language.pagerOfTwoThousand)).toBeVisible({ timeout: 30_000 });
      // Longer words do not push the page sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(1);
    });
  });
}
