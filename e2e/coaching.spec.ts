import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolationsInEitherTheme } from './axe-checks';
import { cellsInColumn, demoDispatcher, demoManager, expect, signIn, test } from './fixtures';

/** A column's leading numbers; a cell without one ("No" days overdue) counts 0. */
async function columnNumbers(table: Locator, header: string): Promise<number[]> {
  const texts = await (await cellsInColumn(table, header)).allInnerTexts();
  return texts.map((text) => Number.parseInt(text.replace(/,/g, ''), 10) || 0);
}

const ordered = (values: number[], sign: 1 | -1) =>
  values.every((value, index) => index === 0 || sign * (value - values[index - 1]!) >= 0);

/** "1–25 of 223 events" under a list: its total. */
async function listTotal(page: Page, noun: string): Promise<number> {
  const pager = page.getByText(new RegExp(`^\\d+–\\d+ of [\\d,]+ ${noun}$`));
  await expect(pager).toBeVisible();
  return Number((await pager.innerText()).split(' of ')[1]!.split(' ')[0]!.replace(/,/g, ''));
}

test.describe('coaching backlog', () => {
  test('by coach and group, sorted, a coach’s overdue events exported and opened, j staying in the backlog', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, demoManager, { path: '/coaching' });
    await expect(page.getByRole('heading', { name: 'Coaching backlog', level: 1 })).toBeVisible();
    await expect(page.getByText(/The public API cannot record coaching/)).toBeVisible();

    // Most overdue first, until a column is chosen.
    const coaches = page.getByRole('table', { name: 'Backlog by coach' });
    await expect(coaches.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
    expect(ordered(await columnNumbers(coaches, 'Overdue'), -1)).toBe(true);
    await coaches.getByRole('button', { name: /^Awaiting/ }).click();
    await expect.poll(async () => ordered(await columnNumbers(coaches, 'Awaiting'), 1)).toBe(true);
    await coaches.getByRole('button', { name: /^Awaiting/ }).click();
    await expect.poll(async () => ordered(await columnNumbers(coaches, 'Awaiting'), -1)).toBe(true);

    await page.getByRole('radiogroup', { name: 'Count by' }).getByText('Group').click();
    const groups = page.getByRole('table', { name: 'Backlog by group' });
    await expect(groups.getByRole('row').nth(1)).toBeVisible();
    await expect(page).toHaveURL(/by=group/);
    await page.getByRole('radiogroup', { name: 'Count by' }).getByText('Coach').click();
    await expect(coaches.getByRole('row').nth(1)).toBeVisible();

    // The coach with the most overdue events: theirs, most overdue first, with days and due date.
    // A newly chosen column keeps the order's direction (highest first here).
    await coaches.getByRole('button', { name: /^Overdue/ }).click();
    await expect.poll(async () => ordered(await columnNumbers(coaches, 'Overdue'), -1)).toBe(true);
    const coachButton = (await cellsInColumn(coaches, 'Coach')).first().getByRole('button');
    const coach = (await coachButton.innerText()).trim();
    await coachButton.click();
    await expect(coachButton).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: `Awaiting coaching: ${coach}` })).toBeVisible();
    const events = page.getByRole('table', { name: 'Events awaiting coaching' });
    await expect(events.getByRole('row').nth(1)).toBeVisible();
    const coachCells = await (await cellsInColumn(events, 'Coach')).allTextContents();
    expect(new Set(coachCells)).toEqual(new Set([coach]));
    const overdue = await (await cellsInColumn(events, 'Overdue')).allInnerTexts();
    expect(overdue[0]).toMatch(/^\d+ days?$/);
    expect(ordered(await columnNumbers(events, 'Overdue'), -1)).toBe(true);
    const due = await (await cellsInColumn(events, 'Coaching due')).first().innerText();
    expect(due).toMatch(/\d{4}/);
    await expectNoSeriousViolationsInEitherTheme(page, 'coaching backlog, one coach');

    // The export holds every event of the backlog shown, with its days overdue and due date.
    const eventsSection = page.getByRole('region', { name: `Awaiting coaching: ${coach}` });
    const total = await listTotal(page, 'events');
    const download = page.waitForEvent('download');
    await eventsSection.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Overdue');
    expect(lines[0]).toContain('Coaching due');
    expect(lines).toHaveLength(total + 1);

    // The oldest event opens with the queue limited to this coach's backlog, oldest first: j
    // moves to the next of the same backlog, with no total (the service cannot count one).
    expect(total).toBeGreaterThan(1);
    await events.getByRole('button', { name: /^Recorded/ }).click();
    const recorded = (await cellsInColumn(events, 'Recorded')).first().getByRole('link');
    await recorded.click();
    await expect(page).toHaveURL(/\/events\/[^?]+\?.*awaitingCoaching=true/);
    const coaching = page.getByRole('region', { name: 'Review and coaching' });
    await expect(coaching.getByText(coach)).toBeVisible({ timeout: 30_000 });
    await expect(
      coaching.getByText(/Coaching is recorded in the vendor’s coaching workflow/),
    ).toBeVisible();
    await expect(page.getByText('Event 1 in the queue', { exact: true })).toBeVisible();
    const first = page.url().split('?')[0];
    await page.keyboard.press('j');
    await expect.poll(() => page.url().split('?')[0]).not.toBe(first);
    await expect(page).toHaveURL(/awaitingCoaching=true/);
    await expect(page.getByText('Event 2 in the queue', { exact: true })).toBeVisible();
    await expect(coaching.getByText(coach)).toBeVisible();
  });
});

test.describe('coaching backlog on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a coach taps My backlog and opens an event from it', async ({ page }) => {
    test.slow();
    await signIn(page, demoDispatcher, { path: '/coaching' });
    const mine = page.getByRole('button', { name: 'My backlog' });
    await expect(mine).toBeVisible({ timeout: 60_000 });
    await mine.tap();
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('heading', { name: 'Awaiting coaching: Dan Okafor' }),
    ).toBeVisible();
    const events = page.getByRole('table', { name: 'Events awaiting coaching' });
    const firstRow = events.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    const box = await firstRow.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await firstRow.getByRole('link').tap();
    const coaching = page.getByRole('region', { name: 'Review and coaching' });
    await expect(coaching.getByText('Dan Okafor')).toBeVisible({ timeout: 30_000 });
  });
});
