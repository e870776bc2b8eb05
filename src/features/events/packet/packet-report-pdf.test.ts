// @vitest-environment node
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, describe, expect, it } from 'vitest';
import { buildReportPdf, toPdfText, wrap, type PacketReport } from './packet-report-pdf';

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
  afterEach(() => i18n.activate('en'));

  it('draws a language its fonts cannot spell, as the pseudo-locale, without failing', async () => {
    // The report's own words (headings, page numbers) in letters outside Windows-1252.
    const pseudo = (message: string, translation: string) => [
      generateMessageId(message),
      compileMessage(translation),
    ];
    i18n.loadAndActivate({
      locale: 'pseudo',
      messages: Object.fromEntries([
        pseudo('Notes', 'Ńŏţēš ƀŵĩ'),
        pseudo('Location', 'Ŀŏćāţĩŏń ƀŵĩ'),
        pseudo('Page {pageNumber} of {pageCount}', 'Ƥāĝē {pageNumber} ŏƒ {pageCount} ƀŵĩ'),
      ]),
    });
    const report: PacketReport = {
      title: 'Ĥāŗšĥ ƀŗāķĩńĝ · EVT-1',
      sections: [{ heading: 'Ēvēńţ ƀ', rows: [['Ďŗĩvēŗ ŵ', 'Zoë ƀ']] }],
      notes: [],
      stills: [],
      stillsMissing: 'Ńŏ šţĩĺĺš ƀ',
      map: null,
      mapMissing: null,
      footer: 'Māďē ƀŷ ŵ',
    };
    const pdf = await buildReportPdf(report);
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    expect(text).toContain('Noteš ?wi');
    expect(text).toContain('?age 1 oƒ 1 ?wi');
  });

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

  it('wraps a note without spaces anywhere, over as many pages as it needs, losing nothing', async () => {
    // Letters no heading or label holds in capitals, so the note's and the row's can be counted.
    const body = Array.from({ length: 12_000 }, (_, at) => (at % 7 < 3 ? 'Q' : 'Z')).join('');
    const longValue = 'J'.repeat(9_000);
    const report: PacketReport = {
      title: 'Long note',
      sections: [{ heading: 'Event', rows: [['Long value', longValue]] }],
      notes: [{ heading: 'Review note', body }],
      stills: [],
      stillsMissing: null,
      map: null,
      mapMissing: null,
      footer: 'Made by ana.diaz',
    };
    const document = await getDocumentProxy(await buildReportPdf(report));
    const { text, totalPages } = await extractText(document, { mergePages: false });
    expect(totalPages).toBeGreaterThan(2);
    const pages = text as string[];
    const all = pages.join('');
    // Every letter of the note and of the long row is there, in order.
    expect(all.replace(/[^QZ]/g, '')).toBe(body);
    expect(all.replace(/[^J]/g, '')).toBe(longValue);
    pages.forEach((page, at) => expect(page).toContain(`Page ${at + 1} of ${totalPages}`));
  });
});

describe('wrap', () => {
  it('keeps words whole where they fit and cuts only a word wider than the line', async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrap(`short ${'W'.repeat(100)} end`, font, 10, 200);
    expect(lines[0]).toBe('short');
    expect(lines.join('')).toBe(`short${'W'.repeat(100)} end`);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
  });
});
