import { t } from '@lingui/core/macro';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** The report as text and images, worked out before any PDF is drawn (so it can be tested). */
export interface PacketReport {
  title: string;
  sections: readonly { heading: string; rows: readonly (readonly [string, string])[] }[];
  notes: readonly { heading: string; body: string }[];
  stills: readonly { caption: string; jpeg: Uint8Array; width: number; height: number }[];
  /** Why there are no stills, when there are none. */
  stillsMissing: string | null;
  map: { png: Uint8Array; width: number; height: number; attribution: string } | null;
  mapMissing: string | null;
  footer: string;
}

/** Letters that Unicode does not split into a base letter and an accent. */
const SPELLED_PLAIN: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
};

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const LABEL_WIDTH = 150;
const LINE = 14;

/**
 * The standard fonts hold only Windows-1252: letters outside it lose their accents, and what still
 * does not fit becomes "?", rather than the whole report failing on one driver's name.
 */
export function toPdfText(text: string, characterSet: ReadonlySet<number>): string {
  let result = '';
  for (const char of text
    .replaceAll('\u2212', '-')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/[\r\t]/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || characterSet.has(code)) {
      result += char;
      continue;
    }
    const plain = (SPELLED_PLAIN[char] ?? char).normalize('NFD').replace(/\p{M}/gu, '');
    result += [...plain].every((part) => characterSet.has(part.codePointAt(0) ?? 0)) ? plain : '?';
  }
  return result;
}

/** A word wider than the line, cut into pieces that fit (at least one character each). */
function splitLongWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && font.widthOfTextAtSize(piece + char, size) > width) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Lines no wider than `width`: between words where it can, anywhere in a word too long for one. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      const pieces = splitLongWord(word, font, size, width);
      line = pieces.pop() ?? '';
      lines.push(...pieces);
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Draws top to bottom, starting a new page when the next block does not fit. Every text it is
 * given goes through `toPdfText` here, so no name, note or translation can stop the report.
 */
class PageWriter {
  private page: PDFPage;
  private y = PAGE.height - MARGIN;
  private readonly footer: string;

  constructor(
    private readonly document: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    footer: string,
    private readonly clean: (text: string) => string,
  ) {
    this.footer = clean(footer);
    this.page = this.addPage();
  }

  private addPage(): PDFPage {
    const page = this.document.addPage([PAGE.width, PAGE.height]);
    page.drawText(this.footer, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: this.font,
      color: rgb(0.4, 0.4, 0.4),
    });
    return page;
  }

  private room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.addPage();
    this.y = PAGE.height - MARGIN;
  }

  /** `keepWithNext`: room to leave below, so a heading does not end a page alone. */
  text(
    text: string,
    { size = 10, bold = false, indent = 0, gapAfter = 0, keepWithNext = 0 } = {},
  ): void {
    const font = bold ? this.bold : this.font;
    for (const line of wrap(this.clean(text), font, size, PAGE.width - 2 * MARGIN - indent)) {
      this.room(size + 4 + keepWithNext);
      this.y -= size + 4;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font });
    }
    this.y -= gapAfter;
  }

  /** A labelled value; one longer than the page goes on over the next ones, line by line. */
  row(rawLabel: string, value: string): void {
    const label = this.clean(rawLabel);
    const lines = wrap(this.clean(value), this.font, 10, PAGE.width - 2 * MARGIN - LABEL_WIDTH);
    // Short values stay whole on one page; the label goes with the value's first line.
    if (lines.length * LINE <= PAGE.height - 2 * MARGIN) this.room(lines.length * LINE);
    lines.forEach((line, at) => {
      this.room(LINE);
      this.y -= LINE;
      if (at === 0) this.page.drawText(label, { x: MARGIN, y: this.y, size: 10, font: this.bold });
      this.page.drawText(line, { x: MARGIN + LABEL_WIDTH, y: this.y, size: 10, font: this.font });
    });
  }

  /** "Page 2 of 5" on every page, once all are drawn. */
  numberPages(): void {
    const pages = this.document.getPages();
    const pageCount = pages.length;
    pages.forEach((page, at) => {
      const pageNumber = at + 1;
      const text = this.clean(t`Page ${pageNumber} of ${pageCount}`);
      page.drawText(text, {
        x: PAGE.width - MARGIN - this.font.widthOfTextAtSize(text, 8),
        y: MARGIN / 2,
        size: 8,
        font: this.font,
        color: rgb(0.4, 0.4, 0.4),
      });
    });
  }

  gap(points: number): void {
    this.y -= points;
  }

  async image(
    bytes: Uint8Array,
    kind: 'jpeg' | 'png',
    width: number,
    height: number,
    caption: string,
  ): Promise<void> {
    const image =
      kind === 'jpeg' ? await this.document.embedJpg(bytes) : await this.document.embedPng(bytes);
    const scale = Math.min(1, (PAGE.width - 2 * MARGIN) / width, 300 / height);
    this.room(height * scale + LINE + 6);
    this.y -= height * scale;
    this.page.drawImage(image, {
      x: MARGIN,
      y: this.y,
      width: width * scale,
      height: height * scale,
    });
    this.text(caption, { size: 8, gapAfter: 8 });
  }
}

/** One event's report as a PDF, in the standard Helvetica fonts (nothing to download). */
export async function buildReportPdf(report: PacketReport): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const characters = new Set(font.getCharacterSet());
  const clean = (text: string) => toPdfText(text, characters);
  document.setTitle(clean(report.title));
  document.setCreator('Fleet Console');

  const writer = new PageWriter(document, font, bold, report.footer, clean);
  writer.text(report.title, { size: 16, bold: true, gapAfter: 8 });
  for (const section of report.sections) {
    writer.text(section.heading, { size: 12, bold: true, gapAfter: 2, keepWithNext: 60 });
    for (const [label, value] of section.rows) writer.row(label, value);
    writer.gap(10);
  }

  writer.text(t`Notes`, { size: 12, bold: true, gapAfter: 2, keepWithNext: 40 });
  if (report.notes.length === 0) writer.text(t`No notes on this event.`, { gapAfter: 10 });
  for (const note of report.notes) {
    writer.text(note.heading, { size: 9, bold: true });
    writer.text(note.body, { gapAfter: 6 });
  }
  writer.gap(4);

  writer.text(t`Location`, {
    size: 12,
    bold: true,
    gapAfter: 4,
    keepWithNext: report.map ? 320 : 20,
  });
  if (report.map) {
    const attribution = report.map.attribution;
    await writer.image(
      report.map.png,
      'png',
      report.map.width,
      report.map.height,
      t`Map: ${attribution}`,
    );
  } else if (report.mapMissing) {
    writer.text(report.mapMissing, { gapAfter: 10 });
  }

  writer.text(t`Stills from the video`, {
    size: 12,
    bold: true,
    gapAfter: 4,
    keepWithNext: report.stills.length > 0 ? 320 : 20,
  });
  if (report.stillsMissing) writer.text(report.stillsMissing, { gapAfter: 10 });
  for (const still of report.stills) {
    await writer.image(still.jpeg, 'jpeg', still.width, still.height, still.caption);
  }
  writer.numberPages();
  return document.save();
}
