/**
 * The invoice page's geometry (A4, margins, the footer's band), its colours, and the drawing
 * helpers invoice-pdf.ts lays the invoice out with: boxes measured from the start edge (left in
 * English, right in Arabic, so the whole page mirrors), text, amounts and rules.
 */
import type PDFDocument from 'pdfkit';
import type { InvoiceDocument } from '../../contract/commerce.ts';
import { formatters, stringsFor } from './invoice-pdf-strings.ts';
import type { TextEngine, TextStyle } from './invoice-pdf-text.ts';

export type Doc = InstanceType<typeof PDFDocument>;

export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN_X = 50;
export const CONTENT_W = PAGE_W - 2 * MARGIN_X;
export const TOP = 54;
/** Space kept at the bottom of every page for the footer. */
export const FOOTER_H = 92;
export const BODY_BOTTOM = PAGE_H - FOOTER_H;

export const COLOR = {
  brand: '#6B2D5C',
  brandDark: '#55244A',
  tint: '#FBF5F9',
  tintStrong: '#F5E7F0',
  ink: '#2B1E28',
  muted: '#6A5A64',
  rule: '#E6D8C6',
  hairline: '#F0E6D8',
};

export abstract class PageWriter {
  protected readonly t;
  protected readonly f;
  protected readonly rtl: boolean;
  protected y = 0;

  constructor(
    protected readonly pdf: Doc,
    protected readonly doc: InvoiceDocument,
    protected readonly text: TextEngine,
  ) {
    this.t = stringsFor(doc);
    this.f = formatters(doc.language);
    this.rtl = doc.language === 'ar';
  }

  /** x of a box that starts `offset` from the page's start edge (left in English, right in Arabic). */
  protected x(offset: number, width: number): number {
    return this.rtl ? PAGE_W - MARGIN_X - offset - width : MARGIN_X + offset;
  }

  protected get start(): 'left' | 'right' {
    return this.rtl ? 'right' : 'left';
  }

  protected get end(): 'left' | 'right' {
    return this.rtl ? 'left' : 'right';
  }

  protected get dir(): 'ltr' | 'rtl' {
    return this.rtl ? 'rtl' : 'ltr';
  }

  /** Arabic needs taller lines than Latin (marks above and below). */
  protected style(
    size: number,
    weight: TextStyle['weight'] = 'regular',
    color = COLOR.ink,
    lineHeight?: number,
  ) {
    return { size, weight, color, lineHeight: lineHeight ?? (this.rtl ? 1.65 : 1.4) };
  }

  /** Text in a box measured from the start edge; returns the height used. */
  protected write(
    value: string,
    style: TextStyle,
    offset: number,
    width: number,
    y: number,
    align: 'start' | 'end' | 'center' = 'start',
    dir: 'ltr' | 'rtl' | 'auto' = this.dir,
  ): number {
    return this.text.draw(value, style, {
      x: this.x(offset, width),
      y,
      width,
      align: align === 'start' ? this.start : align === 'end' ? this.end : 'center',
      dir,
    });
  }

  /** An amount, end-aligned, one left-to-right unit in tabular figures. */
  protected money(cents: number, style: TextStyle, offset: number, width: number, y: number) {
    return this.write(this.f.money(cents), { ...style, tabular: true }, offset, width, y, 'end', 'ltr');
  }

  protected rule(y: number, offset = 0, width = CONTENT_W, color = COLOR.rule, thickness = 0.75) {
    this.pdf
      .moveTo(this.x(offset, width), y)
      .lineTo(this.x(offset, width) + width, y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke();
  }
}
