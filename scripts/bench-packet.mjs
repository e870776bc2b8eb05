// The evidence packet's part of `npm run bench`: the time from "Build packet" to the saved ZIP
// for one event and for 20, and the page's peak JS heap while it builds (sampled over CDP).

const HEAP_SAMPLE_MS = 100;

async function pickEvents(page, count) {
  const table = page.getByRole('table', { name: 'Safety events' });
  await table.getByRole('row').nth(count).waitFor({ timeout: 60_000 });
  const boxes = table.getByRole('checkbox', { name: /^Pick .* for an evidence packet$/ });
  for (let index = 0; index < count; index++) await boxes.nth(index).check();
}

/** One packet built `runs` times from `count` events picked at the top of the queue. */
export async function measureEvidencePacket({ browser, signedInPage, runs, median, count }) {
  const times = [];
  const peaks = [];
  const sizes = [];
  for (let run = 0; run < runs; run++) {
    const { context, page } = await signedInPage(browser, 1);
    const client = await context.newCDPSession(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Safety events' }).click();
    await pickEvents(page, count);
    await page.getByRole('button', { name: `Evidence packet (${count})` }).click();
    const dialog = page.getByRole('dialog', { name: 'Evidence packet' });
    const build = dialog.getByRole('button', { name: 'Build packet' });
    await build.waitFor();
    await client.send('HeapProfiler.collectGarbage');
    const before = (await client.send('Runtime.getHeapUsage')).usedSize;
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { usedSize } = await client
          .send('Runtime.getHeapUsage')
          .catch(() => ({ usedSize: 0 }));
        peak = Math.max(peak, usedSize);
        await new Promise((resolve) => setTimeout(resolve, HEAP_SAMPLE_MS));
      }
    })();
    const download = page.waitForEvent('download', { timeout: 300_000 });
    const start = Date.now();
    await build.click();
    const saved = await download;
    times.push(Date.now() - start);
    sampling = false;
    await sampler;
    peaks.push(peak - before);
    const { size } = await import('node:fs/promises').then((fs) => saved.path().then(fs.stat));
    sizes.push(size);
    await context.close();
  }
  return {
    events: count,
    totalMs: median(times),
    peakHeapGrowthBytes: median(peaks),
    zipBytes: median(sizes),
  };
}
