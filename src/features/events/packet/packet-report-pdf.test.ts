// @vitest-environment node
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { buildReportPdf, toPdfText, type PacketReport } from './packet-report-pdf';

const latin1 = new Set(Array.from({ length: 256 }, (_, code) => code));

describe('toPdfText', () => {
  it('keeps what the font holds, drops accents it lacks and marks the rest', () => {
    const set = new Set([...latin1].filter((code) => code < 128));
    expect(toPdfText('Łódź −0.62 g', set)).toBe('Lodz -0.62 g');
    expect(toPdfText('東京', set)).toBe('??');
    expect(toPdfText('2:03\u202fPM', latin1)).toBe('2:03 PM');
    expect(toPdfText('José', latin1)).toBe('José');
  });
});

describe('buildReportPdf', () => {
  it('writes every section, note and missing-image reason as text a reader can find', async () => {
    const report: PacketReport = {
      title: 'Harsh braking · EVT-2026-000123',
      sections: [
        {
          heading: 'Event',
          rows: [
            ['Event ID', 'EVT-2026-000123'],
            ['Driver', 'Zoë Łukasik'],
          ],
        },
      ],
      notes: [
        { heading: 'Review note · Ana Diaz · Nov 3, 2026', body: 'Driver braked for a deer.' },
      ],
      stills: [],
      stillsMissing: 'No stills: the event has no video.',
      map: null,
      mapMissing: 'No map: the map tiles could not be loaded.',
      footer: 'Made by ana.diaz on 2026-11-28 with Fleet Console 0.1.0',
    };
    const pdf = await buildReportPdf(report);
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    for (const expected of [
      'EVT-2026-000123',
      'Zoë Lukasik',
      'Driver braked for a deer.',
      'No stills: the event has no video.',
      'No map: the map tiles could not be loaded.',
      'Made by ana.diaz',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
