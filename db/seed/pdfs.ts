/**
 * Realistic demo PDFs drawn with pdf-lib (Helvetica only, no embedded files): NOI, SWPPP with
 * 24x36 in. plan sheets, SWPPP amendments, inspection reports, monthly summaries, enforcement
 * notices, as-built plans and notices of termination.
 *
 * Bytes are deterministic: metadata dates are the document's own date and every "random" detail
 * of a drawing comes from a seeded PRNG. Page facts (count, sheet size, large-format pages) are
 * computed from the pages drawn, with the same classification the portal uses for fees (pdf.ts).
 */
import { rgb, type PDFPage, type RGB } from 'pdf-lib';
import { storeFile } from '#lib/server/platform/files/store.ts';
import type { PdfFacts } from '#lib/server/platform/pdf/measure.ts';
import {
  BLUE,
  BROWN,
  GREEN,
  GREY,
  INK,
  LETTER,
  LIGHT,
  MARGIN,
  PdfWriter,
  RED,
  SHEET,
  type GeneratedPdf,
} from '#lib/server/platform/pdf/writer.ts';
import { localDateTime } from './dates.ts';
import { formatDay, formatMonth } from '#lib/shared/format.ts';
import type { PracticeDef } from './names.ts';
import { Rng, hashString } from './random.ts';

export type { GeneratedPdf };

export interface StoredPdf extends PdfFacts {
  sha256: string;
  sizeBytes: number;
  mimeType: 'application/pdf';
}

/** Store a generated PDF in the content-addressed file store (identical bytes are stored once). */
export async function storePdf(pdf: GeneratedPdf, filesDir: string): Promise<StoredPdf> {
  const stored = await storeFile(pdf.bytes, { filesDir });
  return { ...pdf.facts, sha256: stored.sha256, sizeBytes: stored.sizeBytes, mimeType: 'application/pdf' };
}

// ---------------------------------------------------------------------------------------------
// What the documents say about a project (plain data, independent of database rows)

export interface PdfParty {
  company: string;
  contact: string;
  title?: string;
  phone?: string;
  email?: string;
  license?: string;
  measures?: string;
  role?: string;
  certifiedOn?: string;
}

export interface PdfProject {
  slug: string;
  name: string;
  description: string;
  siteAddress: string;
  crossStreet: string;
  zip: string;
  latitude: number;
  longitude: number;
  taxMapParcels: string;
  kind: 'major' | 'minor';
  natureOfActivity: string;
  preDevelopmentLandUse: string;
  postDevelopmentLandUse: string;
  totalSiteAcres: number;
  disturbedAcres: number;
  maxDisturbedAtOnceAcres: number;
  existingImperviousAcres: number;
  futureImperviousAcres: number;
  decFiveAcreApproval: boolean;
  phasing: string;
  phaseCount: number;
  postConstructionPractices: string;
  plannedStartOn: string;
  plannedCompletionOn: string;
  townPermitNo: string | null;
  spdesPermitId: string | null;
  waters: Array<{ name: string; type: string; impaired: boolean }>;
  owner: PdfParty;
  preparer: PdfParty;
  inspector: PdfParty;
  contractors: PdfParty[];
  practices: PracticeDef[];
  watercourseBuffer: boolean;
  wetlandBuffer: boolean;
}

// ---------------------------------------------------------------------------------------------
// Plan sheets

type SheetKind = 'location' | 'existing' | 'esc' | 'grading' | 'utilities' | 'details' | 'post' | 'asbuilt';

interface SheetSpec {
  number: string;
  title: string;
  kind: SheetKind;
  phase?: number;
}

interface SiteGeometry {
  parcel: Array<[number, number]>;
  buildings: Array<[number, number, number, number]>;
  parking: Array<[number, number, number, number]>;
  pond: [number, number, number, number];
  traps: Array<[number, number]>;
  entrance: [number, number];
  stream: Array<[number, number]> | null;
}

const DRAW = { x0: MARGIN + 20, y0: MARGIN + 20, x1: SHEET[0] - MARGIN - 470, y1: SHEET[1] - MARGIN - 20 };

function siteGeometry(p: PdfProject): SiteGeometry {
  const rng = new Rng(hashString(`geometry:${p.slug}`));
  const { x0, y0, x1, y1 } = DRAW;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2 + 60;
  const rx = (x1 - x0) * rng.float(0.36, 0.44, 2);
  const ry = (y1 - y0) * rng.float(0.3, 0.38, 2);
  const corners = rng.int(5, 7);
  const parcel: Array<[number, number]> = [];
  for (let i = 0; i < corners; i++) {
    const a = (i / corners) * Math.PI * 2 + rng.float(-0.2, 0.2, 2);
    const r = rng.float(0.85, 1.08, 2);
    parcel.push([Math.round(cx + Math.cos(a) * rx * r), Math.round(cy + Math.sin(a) * ry * r)]);
  }
  const bw = rx * rng.float(0.45, 0.8, 2);
  const bh = ry * rng.float(0.35, 0.6, 2);
  const buildings: SiteGeometry['buildings'] = [
    [Math.round(cx - bw / 2), Math.round(cy - bh / 3), Math.round(bw), Math.round(bh)],
  ];
  if (p.kind === 'major' && rng.chance(0.5))
    buildings.push([Math.round(cx + bw / 2 + 40), Math.round(cy + bh / 2), Math.round(bw / 3), Math.round(bh / 2)]);
  const parking: SiteGeometry['parking'] = [
    [Math.round(cx - bw / 2), Math.round(cy - bh / 3 - 260), Math.round(bw), 200],
  ];
  const pond: SiteGeometry['pond'] = [
    Math.round(cx - rx * 0.7),
    Math.round(cy - ry * 0.55),
    Math.round(rx * 0.18),
    Math.round(ry * 0.16),
  ];
  const traps: Array<[number, number]> = [
    [Math.round(cx + rx * 0.6), Math.round(cy - ry * 0.6)],
    [Math.round(cx - rx * 0.2), Math.round(cy - ry * 0.75)],
  ];
  const stream =
    p.watercourseBuffer || p.wetlandBuffer
      ? Array.from({ length: 9 }, (_, i): [number, number] => [
          Math.round(x0 + 40 + i * ((x1 - x0 - 80) / 8)),
          Math.round(y1 - 120 - Math.sin(i * 0.9) * 50 - rng.int(0, 30)),
        ])
      : null;
  return {
    parcel,
    buildings,
    parking,
    pond,
    traps,
    entrance: [Math.round(cx + rx * 0.1), Math.round(y0 + 150)],
    stream,
  };
}

/** SVG-style path for pdf-lib (its SVG y axis points down from the origin). */
function pathOf(points: Array<[number, number]>, close = false): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'} ${x} ${-y}`).join(' ') + (close ? ' Z' : '');
}

function offsetPolygon(points: Array<[number, number]>, factor: number): Array<[number, number]> {
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  return points.map(([x, y]) => [Math.round(cx + (x - cx) * factor), Math.round(cy + (y - cy) * factor)]);
}

function drawPlanSheet(
  page: PDFPage,
  w: PdfWriter,
  p: PdfProject,
  spec: SheetSpec,
  date: string,
  revision: string,
): void {
  const [W, H] = SHEET;
  const geo = siteGeometry(p);
  const rng = new Rng(hashString(`sheet:${p.slug}:${spec.number}:${revision}`));
  // Border and title block
  page.drawRectangle({
    x: MARGIN,
    y: MARGIN,
    width: W - 2 * MARGIN,
    height: H - 2 * MARGIN,
    borderColor: INK,
    borderWidth: 3,
  });
  const tbx = W - MARGIN - 450;
  w.drawLine(page, { start: { x: tbx, y: MARGIN }, end: { x: tbx, y: H - MARGIN }, thickness: 2, color: INK });
  // Title-block text shrinks to fit the 450-point-wide block.
  const tb = (text: string, y: number, size: number, bold = false) => {
    const font = bold ? w.bold : w.font;
    const clean = w.clean(text);
    const fit = Math.min(size, (400 / Math.max(1, font.widthOfTextAtSize(clean, size))) * size);
    w.drawText(page, clean, { x: tbx + 24, y, size: fit, font, color: INK });
  };
  tb(p.preparer.company, H - MARGIN - 60, 20, true);
  tb(p.preparer.license ? `${p.preparer.contact}, ${p.preparer.license}` : p.preparer.contact, H - MARGIN - 88, 14);
  tb('Prepared for', H - MARGIN - 150, 12);
  tb(p.owner.company, H - MARGIN - 172, 16, true);
  tb(p.name, H - MARGIN - 260, 22, true);
  tb(p.siteAddress, H - MARGIN - 290, 15);
  tb('Town of Rotterdam, Schenectady County, New York', H - MARGIN - 312, 12);
  tb(`Tax map parcel(s): ${p.taxMapParcels}`, H - MARGIN - 334, 11);
  if (p.townPermitNo) tb(`Town permit ${p.townPermitNo}`, H - MARGIN - 354, 11);
  if (p.spdesPermitId) tb(`SPDES permit ID ${p.spdesPermitId}`, H - MARGIN - 374, 11);
  w.drawLine(page, { start: { x: tbx, y: 520 }, end: { x: W - MARGIN, y: 520 }, thickness: 1.5, color: INK });
  tb('Revisions', 490, 12, true);
  tb(`${revision}  ${formatDay(date)}`, 466, 11);
  w.drawLine(page, { start: { x: tbx, y: 330 }, end: { x: W - MARGIN, y: 330 }, thickness: 1.5, color: INK });
  tb(spec.title.toUpperCase(), 290, 18, true);
  tb(spec.kind === 'details' ? 'Scale: as noted' : 'Scale: 1 in. = 50 ft', 258, 12);
  tb(`Date: ${formatDay(date)}`, 236, 12);
  w.drawText(page, spec.number, { x: tbx + 24, y: MARGIN + 60, size: 64, font: w.bold, color: INK });

  // North arrow and scale bar
  const nx = DRAW.x1 - 80;
  const ny = DRAW.y1 - 140;
  page.drawSvgPath(
    pathOf(
      [
        [nx, ny],
        [nx + 22, ny - 60],
        [nx, ny - 44],
        [nx - 22, ny - 60],
      ],
      true,
    ),
    { x: 0, y: 0, color: INK },
  );
  w.drawText(page, 'N', { x: nx - 8, y: ny + 12, size: 22, font: w.bold, color: INK });
  for (let i = 0; i < 4; i++) {
    page.drawRectangle({
      x: DRAW.x0 + 20 + i * 72,
      y: DRAW.y0 + 10,
      width: 72,
      height: 10,
      color: i % 2 ? rgb(1, 1, 1) : INK,
      borderColor: INK,
      borderWidth: 1,
    });
  }
  w.drawText(page, '0     50    100   150   200 ft', {
    x: DRAW.x0 + 20,
    y: DRAW.y0 + 28,
    size: 11,
    font: w.font,
    color: INK,
  });

  if (spec.kind === 'location') return drawLocationSheet(page, w, p, rng);
  if (spec.kind === 'details')
    return drawDetailsSheet(page, w, rng, [
      'Silt fence',
      'Stabilized construction entrance',
      'Sediment trap with stone outlet',
      'Inlet protection (filter fabric drop inlet)',
      'Compost filter sock',
      'Concrete washout',
    ]);
  if (spec.kind === 'post') return drawPostSheet(page, w, p, rng);

  // Road along the front of the site
  page.drawRectangle({
    x: DRAW.x0,
    y: DRAW.y0 + 60,
    width: DRAW.x1 - DRAW.x0,
    height: 70,
    color: rgb(0.93, 0.93, 0.93),
  });
  w.drawText(page, w.clean(p.siteAddress.replace(/^\d+\s+/, '').toUpperCase()), {
    x: DRAW.x0 + 300,
    y: DRAW.y0 + 88,
    size: 16,
    font: w.bold,
    color: GREY,
  });

  // Existing contours (every sheet but details), heavier in 'existing' and 'grading'
  const contours = spec.kind === 'existing' || spec.kind === 'grading' ? 12 : 6;
  for (let c = 0; c < contours; c++) {
    const baseY = DRAW.y0 + 180 + c * ((DRAW.y1 - DRAW.y0 - 240) / contours);
    const pts: Array<[number, number]> = [];
    for (let i = 0; i <= 10; i++)
      pts.push([
        Math.round(DRAW.x0 + i * ((DRAW.x1 - DRAW.x0) / 10)),
        Math.round(baseY + Math.sin(i * 0.7 + c) * 30 + rng.int(-10, 10)),
      ]);
    page.drawSvgPath(pathOf(pts), {
      x: 0,
      y: 0,
      borderColor: spec.kind === 'grading' && c % 2 ? BROWN : LIGHT,
      borderWidth: c % 5 === 0 ? 2 : 1,
      borderDashArray: spec.kind === 'grading' && c % 2 ? [14, 8] : undefined,
    });
    if (c % 2 === 0)
      w.drawText(page, String(300 + c * 2), { x: pts[3][0], y: pts[3][1] + 4, size: 9, font: w.font, color: GREY });
  }

  // Parcel line and stream/wetland buffer
  page.drawSvgPath(pathOf(geo.parcel, true), {
    x: 0,
    y: 0,
    borderColor: INK,
    borderWidth: 4,
    borderDashArray: [40, 10, 6, 10],
  });
  if (geo.stream) {
    page.drawSvgPath(pathOf(geo.stream), { x: 0, y: 0, borderColor: BLUE, borderWidth: 5 });
    page.drawSvgPath(pathOf(geo.stream.map(([x, y]) => [x, y - 70])), {
      x: 0,
      y: 0,
      borderColor: GREEN,
      borderWidth: 1.5,
      borderDashArray: [10, 10],
    });
    w.drawText(
      page,
      p.wetlandBuffer ? '100 FT WETLAND ADJACENT AREA - DO NOT DISTURB' : '50 FT WATERCOURSE BUFFER - NO CLEARING',
      { x: geo.stream[2][0], y: geo.stream[2][1] - 95, size: 12, font: w.bold, color: GREEN },
    );
  }

  // Trees on the existing conditions sheet
  if (spec.kind === 'existing') {
    for (let i = 0; i < 18; i++) {
      page.drawCircle({
        x: rng.int(DRAW.x0 + 40, DRAW.x1 - 40),
        y: rng.int(DRAW.y0 + 200, DRAW.y1 - 40),
        size: rng.int(10, 22),
        borderColor: GREEN,
        borderWidth: 1,
      });
    }
    w.drawText(
      page,
      'EXISTING CONDITIONS AND NATURAL RESOURCES: VEGETATION, SURFACE WATERS, DRAINAGE PATTERNS, SLOPES',
      { x: DRAW.x0 + 20, y: DRAW.y1 - 30, size: 13, font: w.bold, color: INK },
    );
    return;
  }

  // Proposed improvements
  for (const [x, y, bw, bh] of geo.buildings) {
    page.drawRectangle({ x, y, width: bw, height: bh, color: rgb(0.88, 0.88, 0.9), borderColor: INK, borderWidth: 3 });
  }
  w.drawText(page, 'PROPOSED BUILDING', {
    x: geo.buildings[0][0] + 20,
    y: geo.buildings[0][1] + geo.buildings[0][3] / 2,
    size: 16,
    font: w.bold,
    color: INK,
  });
  for (const [x, y, pw, ph] of geo.parking) {
    page.drawRectangle({ x, y, width: pw, height: ph, borderColor: INK, borderWidth: 1.5 });
    // Stall lines as one path rather than dozens of separate lines.
    let stalls = '';
    for (let sx = x + 30; sx < x + pw; sx += 30) stalls += `M ${sx} ${-y} L ${sx} ${-(y + 60)} `;
    if (stalls) page.drawSvgPath(stalls, { x: 0, y: 0, borderColor: GREY, borderWidth: 0.8 });
  }

  if (spec.kind === 'utilities') {
    const pts: Array<[number, number]> = [
      [geo.parking[0][0], geo.parking[0][1] + 100],
      [geo.pond[0], geo.pond[1]],
    ];
    page.drawSvgPath(pathOf(pts), { x: 0, y: 0, borderColor: BLUE, borderWidth: 3 });
    for (let i = 0; i < 6; i++) {
      const x = geo.parking[0][0] + 40 + i * (geo.parking[0][2] / 6);
      page.drawRectangle({ x, y: geo.parking[0][1] + 95, width: 14, height: 14, color: BLUE });
      w.drawText(page, `CB-${i + 1}`, { x: x - 4, y: geo.parking[0][1] + 116, size: 10, font: w.font, color: BLUE });
    }
    w.drawText(page, 'STORM SEWER: 15 IN. HDPE @ 0.5% MIN. TO OUTLET STRUCTURE OCS-1', {
      x: DRAW.x0 + 20,
      y: DRAW.y1 - 30,
      size: 13,
      font: w.bold,
      color: INK,
    });
    return;
  }

  // Post-construction practice (pond / bioretention)
  const [px, py, prx, pry] = geo.pond;
  page.drawEllipse({
    x: px,
    y: py,
    xScale: prx,
    yScale: pry,
    color: rgb(0.85, 0.9, 1),
    borderColor: BLUE,
    borderWidth: 3,
  });
  w.drawText(page, w.clean((p.postConstructionPractices.split(',')[0] || 'bioretention area').toUpperCase()), {
    x: px - prx,
    y: py - pry - 24,
    size: 12,
    font: w.bold,
    color: BLUE,
  });

  if (spec.kind === 'esc' || spec.kind === 'grading') {
    // Limit of disturbance and silt fence on the downslope side
    page.drawSvgPath(pathOf(offsetPolygon(geo.parcel, 0.86), true), {
      x: 0,
      y: 0,
      borderColor: RED,
      borderWidth: 2.5,
      borderDashArray: [24, 12],
    });
    const sf = offsetPolygon(geo.parcel, 0.92).filter(([, y]) => y < (DRAW.y0 + DRAW.y1) / 2 + 120);
    page.drawSvgPath(pathOf(sf), { x: 0, y: 0, borderColor: INK, borderWidth: 2, borderDashArray: [6, 6] });
    sf.forEach(
      ([x, y], i) => i % 2 === 0 && w.drawText(page, 'SF', { x: x + 6, y: y + 6, size: 12, font: w.bold, color: INK }),
    );
    geo.traps.forEach(([x, y], i) => {
      page.drawCircle({ x, y, size: 38, borderColor: BROWN, borderWidth: 3, color: rgb(0.95, 0.9, 0.82) });
      w.drawText(page, `ST-${i + 1}`, { x: x - 20, y: y - 6, size: 14, font: w.bold, color: BROWN });
    });
    const [ex, ey] = geo.entrance;
    page.drawRectangle({
      x: ex - 60,
      y: ey - 30,
      width: 120,
      height: 200,
      color: rgb(0.8, 0.8, 0.8),
      borderColor: INK,
      borderWidth: 2,
    });
    w.drawText(page, 'SCE', { x: ex - 14, y: ey + 60, size: 14, font: w.bold, color: INK });
    page.drawRectangle({
      x: DRAW.x1 - 380,
      y: DRAW.y1 - 320,
      width: 140,
      height: 90,
      borderColor: BROWN,
      borderWidth: 1.5,
      borderDashArray: [8, 6],
    });
    w.drawText(page, 'TOPSOIL STOCKPILE', { x: DRAW.x1 - 372, y: DRAW.y1 - 280, size: 10, font: w.bold, color: BROWN });
    if (spec.phase && p.phaseCount > 1) {
      const split = DRAW.x0 + ((DRAW.x1 - DRAW.x0) * spec.phase) / (p.phaseCount + 1);
      w.drawLine(page, {
        start: { x: split, y: DRAW.y0 + 140 },
        end: { x: split, y: DRAW.y1 - 60 },
        thickness: 3,
        color: RED,
        dashArray: [50, 15],
      });
      w.drawText(page, `PHASE ${spec.phase} LIMIT`, {
        x: split + 10,
        y: DRAW.y1 - 90,
        size: 14,
        font: w.bold,
        color: RED,
      });
    }
    // Legend
    const lx = DRAW.x0 + 30;
    const ly = DRAW.y1 - 40;
    w.drawText(page, 'LEGEND', { x: lx, y: ly, size: 14, font: w.bold, color: INK });
    const legend: Array<[string, RGB]> = [
      ['Limit of disturbance', RED],
      ['Silt fence (SF)', INK],
      ['Sediment trap (ST)', BROWN],
      ['Stabilized construction entrance (SCE)', INK],
      ['Post-construction stormwater practice', BLUE],
    ];
    legend.forEach(([label, color], i) => {
      w.drawLine(page, {
        start: { x: lx, y: ly - 24 - i * 20 },
        end: { x: lx + 40, y: ly - 24 - i * 20 },
        thickness: 3,
        color,
      });
      w.drawText(page, label, { x: lx + 52, y: ly - 28 - i * 20, size: 11, font: w.font, color: INK });
    });
    const notes = [
      'No more than 5 acres of disturbed soil at any one time without prior written approval from NYSDEC.',
      'Stabilize disturbed areas within 14 days after work in that portion of the site has temporarily or permanently ceased.',
      'Remove sediment from traps and basins when design capacity is reduced by 50%.',
      'Cover or stabilize soil stockpiles at the end of each workday.',
    ];
    notes.forEach((n, i) =>
      w.drawText(page, n, { x: DRAW.x0 + 700, y: DRAW.y1 - 40 - i * 18, size: 11, font: w.font, color: INK }),
    );
  }

  if (spec.kind === 'asbuilt') {
    page.drawRectangle({
      x: DRAW.x1 - 520,
      y: DRAW.y0 + 180,
      width: 420,
      height: 150,
      borderColor: RED,
      borderWidth: 4,
    });
    w.drawText(page, 'RECORD DRAWING', { x: DRAW.x1 - 490, y: DRAW.y0 + 280, size: 30, font: w.bold, color: RED });
    w.drawText(page, w.clean(`Certified as built: ${p.preparer.contact}`), {
      x: DRAW.x1 - 490,
      y: DRAW.y0 + 240,
      size: 13,
      font: w.font,
      color: RED,
    });
    w.drawText(page, w.clean(p.preparer.license ?? ''), {
      x: DRAW.x1 - 490,
      y: DRAW.y0 + 215,
      size: 13,
      font: w.font,
      color: RED,
    });
    for (let i = 0; i < 8; i++) {
      const x = rng.int(DRAW.x0 + 100, DRAW.x1 - 600);
      const y = rng.int(DRAW.y0 + 200, DRAW.y1 - 100);
      w.drawText(page, `AB ${(300 + rng.float(0, 20, 2)).toFixed(2)} (${(300 + rng.float(0, 20, 2)).toFixed(2)})`, {
        x,
        y,
        size: 10,
        font: w.font,
        color: RED,
      });
    }
  }
}

/** Post-construction practice: an enlarged plan on the left, four details on the right. */
function drawPostSheet(page: PDFPage, w: PdfWriter, p: PdfProject, rng: Rng): void {
  const { x0, y0, y1 } = DRAW;
  const practice = (p.postConstructionPractices.split(',')[0] || 'bioretention area').trim();
  const cx = x0 + 520;
  const cy = (y0 + y1) / 2;
  for (let k = 0; k < 5; k++) {
    page.drawEllipse({
      x: cx,
      y: cy,
      xScale: 430 - k * 70,
      yScale: 300 - k * 50,
      borderColor: k === 0 ? INK : BROWN,
      borderWidth: k === 0 ? 3 : 1,
      borderDashArray: k === 0 ? undefined : [12, 8],
      color: k === 4 ? rgb(0.85, 0.9, 1) : undefined,
    });
    w.drawText(page, String(312 - k * 2), { x: cx - 430 + k * 70 + 8, y: cy, size: 11, font: w.font, color: BROWN });
  }
  page.drawEllipse({
    x: cx - 300,
    y: cy + 190,
    xScale: 80,
    yScale: 50,
    borderColor: BLUE,
    borderWidth: 2,
    color: rgb(0.9, 0.93, 1),
  });
  w.drawText(page, 'FOREBAY', { x: cx - 330, y: cy + 186, size: 11, font: w.bold, color: BLUE });
  w.drawLine(page, {
    start: { x: x0 + 20, y: cy + 260 },
    end: { x: cx - 370, y: cy + 200 },
    thickness: 4,
    color: BLUE,
  });
  w.drawText(page, '24 IN. HDPE INFLOW, INV. 311.20', { x: x0 + 30, y: cy + 275, size: 11, font: w.font, color: BLUE });
  page.drawRectangle({
    x: cx + 360,
    y: cy - 30,
    width: 60,
    height: 60,
    color: rgb(0.8, 0.8, 0.8),
    borderColor: INK,
    borderWidth: 2,
  });
  w.drawText(page, 'OCS-1', { x: cx + 365, y: cy + 40, size: 12, font: w.bold, color: INK });
  page.drawRectangle({
    x: cx + 150,
    y: cy - 330,
    width: 160,
    height: 60,
    borderColor: GREY,
    borderWidth: 1.5,
    borderDashArray: [4, 4],
  });
  w.drawText(page, 'EMERGENCY SPILLWAY (RIPRAP)', { x: cx + 120, y: cy - 350, size: 11, font: w.font, color: INK });
  w.drawText(page, w.clean(`${practice.toUpperCase()} - PLAN`), {
    x: x0 + 30,
    y: y1 - 40,
    size: 20,
    font: w.bold,
    color: INK,
  });
  w.drawText(
    page,
    `Water quality volume provided: ${(p.futureImperviousAcres * 0.09 * 1.12).toFixed(2)} acre-feet. Bottom elev. 304.00; overflow 310.50; top of berm 313.00.`,
    { x: x0 + 30, y: y1 - 66, size: 12, font: w.font, color: INK },
  );
  drawDetailsSheet(
    page,
    w,
    rng,
    [
      `${practice} - typical section`,
      'Outlet control structure OCS-1',
      'Emergency spillway and riprap apron',
      'Planting and soil media schedule',
    ],
    { x: x0 + 1080, y: y0 + 60, cols: 2, cw: 440, ch: 640 },
  );
}

function drawLocationSheet(page: PDFPage, w: PdfWriter, p: PdfProject, rng: Rng): void {
  const { x0, y0, y1 } = DRAW;
  w.drawText(page, w.clean(p.name.toUpperCase()), { x: x0 + 40, y: y1 - 80, size: 40, font: w.bold, color: INK });
  w.drawText(page, 'STORMWATER POLLUTION PREVENTION PLAN - SITE PLAN SET', {
    x: x0 + 40,
    y: y1 - 130,
    size: 22,
    font: w.font,
    color: INK,
  });
  // General location map: a road grid with the site marked
  const mx = x0 + 40;
  const my = y0 + 200;
  page.drawRectangle({ x: mx, y: my, width: 900, height: 900, borderColor: INK, borderWidth: 2 });
  for (let i = 1; i < 8; i++) {
    w.drawLine(page, {
      start: { x: mx + i * 112 + rng.int(-20, 20), y: my },
      end: { x: mx + i * 112 + rng.int(-40, 40), y: my + 900 },
      thickness: i % 3 ? 1 : 3,
      color: GREY,
    });
    w.drawLine(page, {
      start: { x: mx, y: my + i * 112 + rng.int(-20, 20) },
      end: { x: mx + 900, y: my + i * 112 + rng.int(-40, 40) },
      thickness: i % 3 ? 1 : 3,
      color: GREY,
    });
  }
  page.drawSvgPath(
    pathOf([
      [mx, my + 860],
      [mx + 300, my + 820],
      [mx + 600, my + 880],
      [mx + 900, my + 840],
    ]),
    { x: 0, y: 0, borderColor: BLUE, borderWidth: 8 },
  );
  w.drawText(page, 'MOHAWK RIVER', { x: mx + 320, y: my + 850, size: 14, font: w.bold, color: BLUE });
  page.drawCircle({ x: mx + 450, y: my + 420, size: 30, borderColor: RED, borderWidth: 5 });
  w.drawText(page, 'SITE', { x: mx + 490, y: my + 412, size: 20, font: w.bold, color: RED });
  w.drawText(page, 'GENERAL LOCATION MAP (NOT TO SCALE)', { x: mx, y: my - 30, size: 14, font: w.bold, color: INK });
  w.drawText(page, `Latitude ${p.latitude.toFixed(5)}  Longitude ${p.longitude.toFixed(5)} (WGS84)`, {
    x: mx,
    y: my - 52,
    size: 12,
    font: w.font,
    color: INK,
  });
  // Sheet index
  const sx = x0 + 1050;
  w.drawText(page, 'SHEET INDEX', { x: sx, y: y1 - 220, size: 16, font: w.bold, color: INK });
  [
    'C-100 Cover and location map',
    'C-101 Existing conditions and natural resources',
    'C-102..C-10x Erosion and sediment control plans by phase',
    'C-2xx Grading and utilities',
    'C-501 Erosion and sediment control details',
    'C-502 Post-construction stormwater practice details',
  ].forEach((line, i) => w.drawText(page, line, { x: sx, y: y1 - 250 - i * 22, size: 12, font: w.font, color: INK }));
  w.drawText(page, 'SITE DATA', { x: sx, y: y1 - 420, size: 16, font: w.bold, color: INK });
  [
    `Total site area: ${p.totalSiteAcres.toFixed(1)} ac`,
    `Area to be disturbed: ${p.disturbedAcres.toFixed(1)} ac`,
    `Maximum disturbed at one time: ${p.maxDisturbedAtOnceAcres.toFixed(1)} ac`,
    `Existing impervious: ${p.existingImperviousAcres.toFixed(1)} ac; proposed impervious: ${p.futureImperviousAcres.toFixed(1)} ac`,
    `Receiving waters: ${p.waters.map((x) => x.name).join('; ')}`,
  ].forEach((line, i) =>
    w.drawText(page, w.clean(line), { x: sx, y: y1 - 450 - i * 22, size: 12, font: w.font, color: INK }),
  );
}

function drawDetailsSheet(
  page: PDFPage,
  w: PdfWriter,
  rng: Rng,
  details: string[],
  box = { x: DRAW.x0 + 20, y: DRAW.y0 + 120, cols: 3, cw: 620, ch: 640 },
): void {
  const { x: bx, y: by, cols, cw, ch } = box;
  details.forEach((title, i) => {
    const x = bx + (i % cols) * (cw + 30);
    const y = by + Math.floor(i / cols) * (ch + 60);
    page.drawRectangle({ x, y, width: cw, height: ch, borderColor: GREY, borderWidth: 1 });
    // A cross-section: ground line, fill, stakes/stone
    w.drawLine(page, {
      start: { x: x + 20, y: y + ch * 0.35 },
      end: { x: x + cw - 20, y: y + ch * 0.35 },
      thickness: 2,
      color: BROWN,
    });
    page.drawSvgPath(
      pathOf([
        [x + cw * 0.3, y + ch * 0.35],
        [x + cw * 0.4, y + ch * 0.18],
        [x + cw * 0.6, y + ch * 0.18],
        [x + cw * 0.7, y + ch * 0.35],
      ]),
      { x: 0, y: 0, borderColor: INK, borderWidth: 2 },
    );
    for (let k = 0; k < 6; k++)
      page.drawCircle({
        x: x + cw * 0.42 + k * (cw * 0.03),
        y: y + ch * 0.22,
        size: 4 + rng.int(0, 3),
        borderColor: GREY,
        borderWidth: 1,
      });
    const titleLines = w.wrap(title.toUpperCase(), cw - 28, 15, w.bold).slice(0, 2);
    w.drawText(page, titleLines.join('\n'), {
      x: x + 14,
      y: y + ch - 28,
      size: 15,
      font: w.bold,
      color: INK,
      lineHeight: 18,
    });
    w.drawText(page, 'NOT TO SCALE', {
      x: x + 14,
      y: y + ch - 32 - 18 * titleLines.length,
      size: 10,
      font: w.font,
      color: GREY,
    });
    [
      'Install per NYS Standards and Specifications for Erosion and Sediment Control.',
      'Inspect at least every 7 days and within 24 hours after 0.5 in. of rain.',
      'Repair or replace within one business day of a finding.',
    ].forEach((n, j) =>
      w.drawText(page, n, { x: x + 14, y: y + 70 - j * 16, size: cw < 500 ? 8.5 : 11, font: w.font, color: INK }),
    );
  });
}

function sheetList(p: PdfProject, count: number): SheetSpec[] {
  const sheets: SheetSpec[] = [
    { number: 'C-100', title: 'Cover sheet and location map', kind: 'location' },
    { number: 'C-101', title: 'Existing conditions', kind: 'existing' },
  ];
  const phases = Math.max(1, Math.min(p.phaseCount, count - 4));
  for (let i = 1; i <= phases; i++)
    sheets.push({
      number: `C-${101 + i}`,
      title: `Erosion and sediment control plan${phases > 1 ? `, phase ${i}` : ''}`,
      kind: 'esc',
      phase: i,
    });
  const extra: SheetSpec[] = [
    { number: 'C-201', title: 'Grading plan', kind: 'grading' },
    { number: 'C-301', title: 'Utility plan', kind: 'utilities' },
    { number: 'C-501', title: 'Erosion and sediment control details', kind: 'details' },
    { number: 'C-502', title: 'Post-construction stormwater practices', kind: 'post' },
    { number: 'C-202', title: 'Grading plan (continued)', kind: 'grading' },
    { number: 'C-302', title: 'Utility plan (continued)', kind: 'utilities' },
    { number: 'C-503', title: 'Erosion and sediment control details (continued)', kind: 'details' },
    { number: 'C-504', title: 'Stormwater practice sections', kind: 'post' },
  ];
  for (const e of extra) {
    if (sheets.length >= count) break;
    if (e.kind === 'post' && p.kind === 'minor') continue;
    sheets.push(e);
  }
  return sheets.slice(0, count);
}

// ---------------------------------------------------------------------------------------------
// Shared text

export const PREPARER_CERTIFICATION =
  'I certify under penalty of law that this document and all attachments were prepared under my direction or supervision in accordance with a system designed to assure that qualified personnel properly gathered and evaluated the information submitted. Based on my inquiry of the person or persons who manage the system, or those persons directly responsible for gathering the information, the information submitted is, to the best of my knowledge and belief, true, accurate, and complete. I am aware that false statements made herein are punishable as a Class A Misdemeanor pursuant to Section 210.45 of the Penal Law.';

export const CONTRACTOR_CERTIFICATION =
  'I certify under penalty of law that I understand and agree to comply with the terms and conditions of the SWPPP for the construction site identified in such SWPPP as a condition of authorization to discharge stormwater. I also understand that the operator must comply with the terms and conditions of the New York State Pollutant Discharge Elimination System ("SPDES") general permit for stormwater discharges from construction activities and that it is unlawful for any person to cause or contribute to a violation of water quality standards.';

function acres(n: number): string {
  return `${n.toFixed(1)} acres`;
}

function headerFor(p: PdfProject, doc: string): string {
  return `${p.name} - ${doc}${p.townPermitNo ? ` - Town permit ${p.townPermitNo}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// NOI

export async function noiPdf(p: PdfProject, date: string): Promise<GeneratedPdf> {
  const w = await PdfWriter.create({
    title: `Notice of Intent - ${p.name}`,
    subject: 'NOI, SPDES general permit for construction activity',
    author: p.owner.company,
    date,
    header: headerFor(p, 'Notice of Intent'),
  });
  w.letterPage();
  w.heading('NOTICE OF INTENT', 1);
  w.para(
    'New York State Department of Environmental Conservation - SPDES General Permit for Stormwater Discharges from Construction Activity (GP-0-25-001)',
    { bold: true },
  );
  w.para(
    `Copy filed with the Town of Rotterdam Stormwater Management Officer. Received ${formatDay(date)}.${p.spdesPermitId ? ` Permit ID assigned by DEC: ${p.spdesPermitId}.` : ''}`,
    { size: 9 },
  );
  w.heading('Section I - Owner/Operator information');
  w.fields([
    ['Owner/operator (company)', p.owner.company],
    ['Contact person', `${p.owner.contact}${p.owner.title ? `, ${p.owner.title}` : ''}`],
    ['Business phone', p.owner.phone ?? ''],
    ['Business e-mail', p.owner.email ?? ''],
  ]);
  w.heading('Section II - Project site information');
  w.fields([
    ['Project / site name', p.name],
    ['Street address', `${p.siteAddress}, Rotterdam, NY ${p.zip}`],
    ['Nearest cross street', p.crossStreet],
    ['Town / county', 'Town of Rotterdam, Schenectady County'],
    ['Tax map parcel(s) (section-block-lot)', p.taxMapParcels],
    ['Latitude / longitude (WGS84)', `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`],
    [
      'Nature of construction activity',
      p.natureOfActivity === 'redevelopment' ? 'Redevelopment with increase in impervious area' : 'New construction',
    ],
    ['Pre-development land use', p.preDevelopmentLandUse],
    ['Post-development land use', p.postDevelopmentLandUse],
  ]);
  w.heading('Section III - Areas');
  w.table(
    [
      { title: 'Item', width: 340 },
      { title: 'Acres (to 0.1)', width: 152 },
    ],
    [
      ['Total site area', p.totalSiteAcres.toFixed(1)],
      ['Total area to be disturbed', p.disturbedAcres.toFixed(1)],
      ['Existing impervious area to be disturbed', p.existingImperviousAcres.toFixed(1)],
      ['Future impervious area within disturbed area', p.futureImperviousAcres.toFixed(1)],
      ['Maximum area disturbed at any one time', p.maxDisturbedAtOnceAcres.toFixed(1)],
    ],
  );
  w.field(
    'More than 5 acres disturbed at once?',
    p.maxDisturbedAtOnceAcres > 5
      ? `Yes${p.decFiveAcreApproval ? ' - written DEC approval requested with this NOI' : ''}`
      : 'No',
  );
  w.field('Phasing', p.phasing);
  w.field('Planned start / end', `${formatDay(p.plannedStartOn)} to ${formatDay(p.plannedCompletionOn)}`);
  w.letterPage();
  w.heading('Section IV - Receiving waters');
  w.table(
    [
      { title: 'Name', width: 260 },
      { title: 'Type', width: 100 },
      { title: '303(d) impaired', width: 132 },
    ],
    p.waters.map((x) => [x.name, x.type === 'ms4' ? 'Separate storm sewer' : x.type, x.impaired ? 'Yes' : 'No']),
  );
  w.field(
    'Discharges to a separate storm sewer (MS4)?',
    p.waters.some((x) => x.type === 'ms4') ? 'Yes - Town of Rotterdam MS4' : 'No',
  );
  w.field(
    'Within 100 ft of a wetland or watercourse?',
    p.watercourseBuffer || p.wetlandBuffer ? 'Yes - buffers shown on the SWPPP plans' : 'No',
  );
  w.heading('Section V - SWPPP');
  w.field('SWPPP prepared by', `${p.preparer.contact}, ${p.preparer.company}`);
  w.field('License / certification', p.preparer.license ?? '');
  w.field('SWPPP follows the NYS Standards for E&SC', 'Yes (Blue Book, November 2016)');
  w.field(
    'Post-construction practices',
    p.kind === 'major' ? p.postConstructionPractices : 'Not required (erosion and sediment control only)',
  );
  w.field('Qualified inspector', `${p.inspector.contact}, ${p.inspector.company} (${p.inspector.license ?? ''})`);
  if (p.kind === 'major') {
    w.heading('Section VI - Runoff reduction and water quality volumes');
    const wqv = (p.futureImperviousAcres * 0.9 * 1.0 * 43560) / 12 / 43560;
    w.table(
      [
        { title: 'Item', width: 320 },
        { title: 'Required', width: 86 },
        { title: 'Provided', width: 86 },
      ],
      [
        ['Water quality volume (WQv), acre-feet', wqv.toFixed(2), (wqv * 1.12).toFixed(2)],
        ['Runoff reduction volume (RRv), acre-feet', (wqv * 0.4).toFixed(2), (wqv * 0.46).toFixed(2)],
        ['Channel protection volume (Cpv), acre-feet', (wqv * 1.6).toFixed(2), (wqv * 1.7).toFixed(2)],
        [
          '10-year peak discharge (cfs): pre / post',
          (p.totalSiteAcres * 0.9).toFixed(1),
          (p.totalSiteAcres * 0.85).toFixed(1),
        ],
        [
          '100-year peak discharge (cfs): pre / post',
          (p.totalSiteAcres * 1.9).toFixed(1),
          (p.totalSiteAcres * 1.8).toFixed(1),
        ],
      ],
    );
  }
  w.letterPage();
  w.heading('Section VII - Owner/operator certification');
  w.para(
    'I have read or been advised of the permit conditions and believe that I understand them. I also understand that, under the terms of the permit, there may be reporting requirements. I hereby certify that this document and the corresponding documents were prepared under my direction or supervision. I am aware that there are significant penalties for submitting false information, including the possibility of fine and imprisonment for knowing violations. I further understand that coverage under the general permit will be identified in the acknowledgment that I will receive as a result of submitting this NOI and can be as long as sixty (60) business days as provided for in the general permit.',
  );
  w.signature(p.owner.contact, p.owner.title ?? 'Owner/operator', date);
  w.heading('Section VIII - SWPPP preparer certification');
  w.para(PREPARER_CERTIFICATION, { size: 8.5 });
  w.signature(p.preparer.contact, p.preparer.license ?? 'SWPPP preparer', date);
  if (p.maxDisturbedAtOnceAcres > 5 || p.kind === 'major') {
    w.letterPage();
    w.heading('Attachment - Project description posted at the site');
    w.para(p.description);
    w.para(
      'A copy of this NOI and a brief description of the project are posted at the construction entrance for public viewing, as the Town of Rotterdam erosion and sediment control law requires. The SWPPP and inspection reports are public documents, available within five business days of a written request.',
    );
  }
  return w.save();
}

// ---------------------------------------------------------------------------------------------
// SWPPP

const SOILS = [
  [
    'Elnora loamy fine sand, 0 to 8 percent slopes',
    'B',
    'Moderately well drained; seasonal high water table at 18-24 in.',
  ],
  ['Burdett silt loam, 3 to 8 percent slopes', 'C/D', 'Somewhat poorly drained; slow infiltration'],
  ['Nunda silt loam, 8 to 15 percent slopes', 'C', 'Moderately well drained; erodible on slopes'],
  ['Scio silt loam, 0 to 3 percent slopes', 'B', 'Moderately well drained'],
  ['Hudson silty clay loam, 15 to 25 percent slopes', 'C/D', 'Highly erodible; steep ravine sides'],
  ['Colonie loamy fine sand, 3 to 8 percent slopes', 'A', 'Excessively drained; good infiltration'],
  ['Udorthents, smoothed', 'B', 'Previously graded urban land'],
];

export async function swpppPdf(
  p: PdfProject,
  opts: { date: string; letterPages: number; planSheets: number },
): Promise<GeneratedPdf> {
  const rng = new Rng(hashString(`swppp:${p.slug}:${opts.date}`));
  const w = await PdfWriter.create({
    title: `SWPPP - ${p.name}`,
    subject: 'Stormwater Pollution Prevention Plan',
    author: p.preparer.company,
    date: opts.date,
    header: headerFor(p, 'Stormwater Pollution Prevention Plan'),
  });
  // Cover
  w.letterPage();
  w.space(120);
  w.heading('STORMWATER POLLUTION PREVENTION PLAN', 1);
  w.heading(p.name, 2);
  w.para(`${p.siteAddress}, Town of Rotterdam, Schenectady County, New York ${p.zip}`);
  w.para(`Tax map parcel(s): ${p.taxMapParcels}`);
  w.space(30);
  w.field('Prepared for', p.owner.company);
  w.field('Prepared by', `${p.preparer.company}`);
  w.field('', `${p.preparer.contact}, ${p.preparer.license ?? ''}`);
  w.field('Date', formatDay(opts.date));
  w.field(
    'Project type',
    p.kind === 'major'
      ? 'Major project (erosion and sediment control and post-construction practices)'
      : 'Minor project (erosion and sediment control)',
  );
  // Contents
  const sections = [
    '1. Project narrative: scope, location, type and size',
    '2. Site map and construction drawings',
    '3. Natural resources',
    '4. Soils and runoff characteristics',
    '5. Construction phasing plan',
    '6. Pollution prevention measures',
    '7. Construction and waste materials; spill prevention',
    '8. Temporary and permanent stabilization',
    '9. Practice dimensions, specifications and installation details',
    '10. Implementation schedule',
    '11. Maintenance schedule and cost estimates',
    '12. SWPPP implementation responsibilities',
    '13. Structural practices to divert, store and limit runoff',
    ...(p.kind === 'major'
      ? [
          '14. Post-construction stormwater practices',
          '15. Hydrologic and hydraulic analysis',
          '16. Pre- and post-development comparison',
          '17. Post-construction maintenance schedule',
        ]
      : []),
    'Certifications',
    'Appendices: A. NOI and permit acknowledgment; B. Inspection report form; C. Soil survey; D. Hydrologic model output; E. Site log book',
  ];
  w.letterPage();
  w.heading('Contents', 1);
  w.bullets(sections);

  w.letterPage();
  w.heading('1. Project narrative');
  w.para(p.description);
  w.para(
    `The site is at ${p.siteAddress} near ${p.crossStreet} in the Town of Rotterdam. The total site area is ${acres(p.totalSiteAcres)}, of which ${acres(p.disturbedAcres)} will be disturbed. Existing impervious cover is ${acres(p.existingImperviousAcres)}; after construction it will be ${acres(p.futureImperviousAcres)}. The project is ${p.natureOfActivity === 'redevelopment' ? 'a redevelopment of a previously developed site' : 'new construction on a previously undeveloped site'}; the land is now ${p.preDevelopmentLandUse.toLowerCase()} and will become ${p.postDevelopmentLandUse.toLowerCase()}.`,
  );
  w.para(
    `Runoff from the site reaches ${p.waters.map((x) => x.name).join(', ')}.${p.waters.some((x) => x.impaired) ? ' Because a receiving water is listed as impaired on the state 303(d) list, the qualified inspector will inspect at least twice every seven days, at least two days apart.' : ''}`,
  );
  w.heading('2. Site map and construction drawings');
  w.para(
    `The plan set at the end of this SWPPP (sheets C-100 onward, 24 x 36 in.) shows the total site area, all improvements, areas of disturbance and areas not to be disturbed, off-site storage areas (none proposed), the locations of stormwater discharges, and the location, size and length of each erosion and sediment control practice. Plan scale is 1 in. = 50 ft, larger than the 1 in. = 100 ft minimum.`,
  );
  w.heading('3. Natural resources');
  w.para(
    `Existing vegetation is ${p.preDevelopmentLandUse.toLowerCase().includes('wood') ? 'second-growth hardwood forest with a shrub understory' : 'mown grass and old-field cover with hedgerows along the property lines'}. ${p.watercourseBuffer ? 'A watercourse crosses the site; a 50-foot watercourse buffer will not be cleared or graded.' : 'No watercourse crosses the site.'} ${p.wetlandBuffer ? 'A delineated wetland lies along the rear of the property; its buffer is marked in the field with orange construction fence before clearing.' : 'No wetlands are on or next to the site.'} Existing slopes are mostly 2 to 8 percent; slopes over 25 percent are avoided and a 25-foot buffer is kept from their tops.`,
  );
  w.heading('4. Soils');
  const soils = rng.sample(SOILS, 3);
  w.table(
    [
      { title: 'Soil map unit', width: 240 },
      { title: 'HSG', width: 50 },
      { title: 'Notes', width: 202 },
    ],
    soils,
  );
  w.para(
    'Soil data are from the USDA NRCS Web Soil Survey for Schenectady County. Test pits and infiltration tests for the infiltration practices are in Appendix C.',
  );
  w.heading('5. Construction phasing plan');
  w.para(p.phasing);
  w.para(
    `Clearing is expected to begin on ${formatDay(p.plannedStartOn)} and the project to be complete by ${formatDay(p.plannedCompletionOn)}. ${p.maxDisturbedAtOnceAcres > 5 ? (p.decFiveAcreApproval ? `Up to ${acres(p.maxDisturbedAtOnceAcres)} may be disturbed at one time under the prior written approval of the Department of Environmental Conservation; the conditions of that approval (twice-weekly inspections and temporary stabilization of inactive areas within 7 days) are part of this SWPPP.` : `The schedule anticipates up to ${acres(p.maxDisturbedAtOnceAcres)} of disturbance at once.`) : 'No more than five acres of disturbed soil will exist at any one time.'}`,
  );
  w.table(
    [
      { title: 'Step', width: 40 },
      { title: 'Activity', width: 300 },
      { title: 'Duration', width: 152 },
    ],
    [
      [
        '1',
        'Pre-construction meeting; stake limits of disturbance; install construction entrance and perimeter silt fence',
        '1 week',
      ],
      [
        '2',
        'Construct sediment traps and diversion swales; qualified professional certifies installation',
        '1-2 weeks',
      ],
      ['3', 'Clear and grub within the approved phase only', '2-3 weeks'],
      ['4', 'Rough grading; temporary seeding of areas inactive 14 days', '4-8 weeks'],
      ['5', 'Utilities and storm sewer with inlet protection', '4-6 weeks'],
      ['6', 'Building foundations and structure', 'per building schedule'],
      ['7', 'Paving, curbing; convert sediment traps to permanent practices', '3-4 weeks'],
      ['8', 'Final grading, topsoil, permanent seeding; remove temporary controls after 80% cover', '4-8 weeks'],
    ],
  );
  w.heading('6. Pollution prevention measures');
  w.bullets([
    'Covered dumpsters for litter and construction debris, emptied weekly or when three-quarters full.',
    'Portable toilets set back at least 50 ft from inlets and staked against tipping.',
    'Fuel kept in double-walled tanks; refueling only in the designated area away from drainage paths.',
    'Streets swept at the end of each day when sediment is tracked off site.',
    'Dust controlled with water trucks on dry, windy days.',
  ]);
  w.heading('7. Construction and waste materials; spill prevention');
  w.para(
    'Materials expected on site: aggregate, topsoil, fill, concrete, asphalt, pipe, lumber, fertilizer, seed, curing compounds and small quantities of fuel and lubricants. Bagged materials are stored on pallets under cover; spill kits are kept in the job trailer and on each fueling vehicle. Spills of petroleum over 5 gallons are reported to the DEC spill hotline (1-800-457-7362) within two hours.',
  );
  w.heading('8. Temporary and permanent stabilization');
  w.para(
    'Stabilization begins as soon as practicable, and no later than 14 days after construction activity in a portion of the site has temporarily or permanently ceased. Temporary seeding uses annual ryegrass at 30 lb/acre with straw mulch at 2 tons/acre; slopes steeper than 3:1 receive an erosion control blanket. Permanent seeding uses the seed mix below with mulch. Soil stockpiles are stabilized or covered at the end of each workday.',
  );
  w.table(
    [
      { title: 'Seed mix (permanent)', width: 260 },
      { title: 'Rate (lb/acre)', width: 100 },
      { title: 'Season', width: 132 },
    ],
    [
      ['Creeping red fescue', '20', 'Apr 1 - Jun 15, Aug 15 - Oct 15'],
      ['Kentucky bluegrass', '10', 'Apr 1 - Jun 15, Aug 15 - Oct 15'],
      ['Perennial ryegrass', '10', 'Apr 1 - Oct 15'],
      ['Dormant seeding (add 50%)', '-', 'after Oct 15 on unfrozen ground'],
    ],
  );
  w.heading('9. Practice dimensions and specifications');
  w.table(
    [
      { title: 'Practice', width: 190 },
      { title: 'Size / length', width: 130 },
      { title: 'Specification', width: 172 },
    ],
    p.practices.map((pr) => [
      pr.practice,
      pr.practiceType === 'silt_fence'
        ? `${rng.int(250, 1400)} LF`
        : pr.practiceType === 'sediment_trap'
          ? `${rng.int(3, 9) * 1200} cf storage`
          : pr.practiceType === 'sediment_basin'
            ? `${rng.int(20, 60) * 1000} cf storage`
            : pr.practiceType === 'construction_entrance'
              ? '50 ft x 24 ft x 8 in.'
              : '-',
      pr.practiceType === 'silt_fence'
        ? 'Woven geotextile, stakes 8 ft o.c.'
        : pr.practiceType === 'sediment_trap'
          ? '3,600 cf per acre drained; stone outlet'
          : pr.practiceType === 'construction_entrance'
            ? 'NYSDOT No. 2 stone over geotextile'
            : 'Per Standards and Specifications',
    ]),
  );
  w.heading('10. Implementation schedule');
  w.para(
    'Perimeter controls and the construction entrance are installed before any clearing, except clearing needed to install the controls. Sediment traps are built before upslope grading and stay until their drainage area is stabilized. Temporary controls are removed only after 80 percent uniform perennial vegetative cover is established.',
  );
  w.heading('11. Maintenance schedule and cost estimates');
  w.table(
    [
      { title: 'Practice', width: 170 },
      { title: 'Maintenance', width: 232 },
      { title: 'Est. cost/yr', width: 90 },
    ],
    [
      ['Silt fence', 'Repair undermining and tears; remove sediment at one-third height', `$${rng.int(8, 20) * 100}`],
      ['Sediment traps / basin', 'Remove sediment when 50% of storage is filled', `$${rng.int(15, 60) * 100}`],
      ['Construction entrance', 'Top-dress stone when voids fill with sediment', `$${rng.int(5, 15) * 100}`],
      ['Inlet protection', 'Clean after each storm; replace torn fabric', `$${rng.int(4, 12) * 100}`],
      ['Temporary seeding/mulch', 'Reseed bare areas; re-mulch after wind or rain', `$${rng.int(10, 30) * 100}`],
    ],
  );
  w.heading('12. SWPPP implementation responsibilities');
  w.table(
    [
      { title: 'Company', width: 170 },
      { title: 'Role', width: 90 },
      { title: 'Measures implemented', width: 232 },
    ],
    [
      [p.owner.company, 'Owner/operator', 'Overall SWPPP compliance; posting of NOI and monthly summaries'],
      [
        p.inspector.company,
        'Qualified inspector',
        'Inspections every 7 days and within 24 hours after 0.5 in. of rain',
      ],
      ...p.contractors.map((c) => [c.company, c.role ?? 'Contractor', c.measures ?? '']),
    ],
  );
  w.heading('13. Structural practices');
  w.para(
    'Diversion swales carry clean upland runoff around disturbed slopes. Sediment-laden runoff is routed to sediment traps sized at 3,600 cubic feet per acre of contributing area, with stone outlets. Pipe outlets receive riprap aprons sized to the 10-year discharge.',
  );
  if (p.kind === 'major') {
    w.heading('14. Post-construction stormwater practices');
    w.para(
      `Practices: ${p.postConstructionPractices}. They are designed to the New York State Stormwater Management Design Manual (2024) and shown on sheet C-502.`,
    );
    w.heading('15. Hydrologic and hydraulic analysis');
    const storms: Array<[string, number]> = [
      ['1-year', 2.2],
      ['10-year', 3.9],
      ['100-year', 6.1],
    ];
    w.table(
      [
        { title: 'Design storm (24-hr)', width: 130 },
        { title: 'Rainfall (in.)', width: 90 },
        { title: 'Pre peak (cfs)', width: 90 },
        { title: 'Post peak (cfs)', width: 90 },
        { title: 'Change', width: 92 },
      ],
      storms.map(([n, inches]) => {
        const pre = p.totalSiteAcres * inches * 0.38;
        const post = pre * rng.float(0.82, 0.97, 2);
        return [n, inches.toFixed(1), pre.toFixed(1), post.toFixed(1), `${Math.round((post / pre - 1) * 100)}%`];
      }),
    );
    w.heading('16. Pre- and post-development comparison');
    w.para(
      'Post-development peak discharges do not exceed pre-development rates for the 1-, 10- and 100-year storms at any design point. The runoff reduction volume is met by infiltration and green infrastructure practices.',
    );
    w.heading('17. Post-construction maintenance schedule');
    w.bullets([
      'Inspect inlets, outlets and overflow structures quarterly and after storms over 1 in.',
      'Remove sediment from forebays when 50% full; mow side slopes twice a year.',
      'Replace bioretention mulch annually and dead plants each spring.',
      'The owner keeps the maintenance log and provides the operation and maintenance manual to any new owner.',
    ]);
  }
  w.letterPage();
  w.heading('Certifications', 1);
  w.heading('SWPPP preparer', 3);
  w.para(PREPARER_CERTIFICATION, { size: 8.5 });
  w.signature(p.preparer.contact, p.preparer.license ?? 'Preparer', opts.date);
  w.heading('Contractors and subcontractors', 3);
  w.para(CONTRACTOR_CERTIFICATION, { size: 8.5 });
  for (const c of p.contractors)
    w.signature(`${c.contact} (${c.company})`, c.role ?? 'Contractor', c.certifiedOn ?? opts.date);

  // Appendices fill the remaining letter pages with forms and model output.
  let appendix = 0;
  while (w.letterPageCount() < opts.letterPages) {
    w.letterPage();
    const kind = appendix % 4;
    if (kind === 0) {
      w.heading(`Appendix B - Inspection report form (${Math.floor(appendix / 4) + 1})`, 2);
      w.field('Date and time of inspection', '__________________');
      w.field('Qualified inspector and credential', '__________________');
      w.field('Weather; rain since last inspection', '__________________');
      w.table(
        [
          { title: 'Practice', width: 200 },
          { title: 'Sediment %', width: 80 },
          { title: 'Condition', width: 90 },
          { title: 'Maintenance needed', width: 122 },
        ],
        p.practices.map((pr) => [pr.practice, '', '', '']),
      );
      w.bullets([
        'Disturbed areas and drainage pathways marked on the site map',
        'Areas stabilized since last inspection',
        'Disturbed areas inactive 14 days or more',
        'Rill or gully erosion; loss of vegetation; deposition or ponding along barriers; erosion at outlets; rock filters passing water',
        'All deficiencies in SWPPP implementation',
      ]);
    } else if (kind === 1) {
      w.heading(`Appendix D - Hydrologic model output, subcatchments (${Math.floor(appendix / 4) + 1})`, 2);
      const rows: string[][] = [];
      for (let i = 0; i < 28; i++) {
        const area = rng.float(0.1, 4, 2);
        rows.push([
          `${i + 1}S`,
          area.toFixed(2),
          String(rng.int(39, 98)),
          rng.float(0.1, 0.6, 3).toFixed(3),
          rng.float(0.2, 9, 2).toFixed(2),
          rng.float(0.01, 0.6, 3).toFixed(3),
        ]);
      }
      w.table(
        [
          { title: 'Subcatchment', width: 80 },
          { title: 'Area (ac)', width: 80 },
          { title: 'CN', width: 60 },
          { title: 'Tc (hr)', width: 80 },
          { title: 'Peak (cfs)', width: 90 },
          { title: 'Volume (af)', width: 102 },
        ],
        rows,
        8,
      );
    } else if (kind === 2) {
      w.heading(`Appendix C - Soil test pits and infiltration tests (${Math.floor(appendix / 4) + 1})`, 2);
      const rows: string[][] = [];
      for (let i = 0; i < 14; i++)
        rows.push([
          `TP-${i + 1}`,
          `0-${rng.int(6, 12)} in. topsoil; to ${rng.int(48, 96)} in. ${rng.pick(['silt loam', 'fine sand', 'gravelly sand', 'silty clay'])}`,
          `${rng.int(36, 120)} in.`,
          `${rng.float(0.3, 6, 1)} in./hr`,
        ]);
      w.table(
        [
          { title: 'Test pit', width: 60 },
          { title: 'Profile', width: 250 },
          { title: 'Groundwater', width: 90 },
          { title: 'Infiltration', width: 92 },
        ],
        rows,
        8,
      );
    } else {
      w.heading(`Appendix E - Site log book instructions (${Math.floor(appendix / 4) + 1})`, 2);
      w.para(
        'The operator keeps all inspection reports in a site log book on site and makes it available to the Town on request. A summary of site inspection activities is posted monthly at the site in a publicly accessible location. The SWPPP and inspection reports are public documents, available for inspection, review and copying within five business days of a written request.',
      );
      w.table(
        [
          { title: 'Date', width: 90 },
          { title: 'Entry', width: 300 },
          { title: 'Initials', width: 102 },
        ],
        Array.from({ length: 24 }, () => ['', '', '']),
      );
    }
    appendix++;
  }
  for (const spec of sheetList(p, opts.planSheets))
    w.largeSheet((page, writer) => drawPlanSheet(page, writer, p, spec, opts.date, 'Rev. 0 - Issued for SWPPP review'));
  return w.save();
}

export async function swpppAmendmentPdf(
  p: PdfProject,
  opts: {
    date: string;
    number: number;
    reason: string;
    changes: string[];
    planSheets: number;
    newContractor?: PdfParty;
  },
): Promise<GeneratedPdf> {
  const w = await PdfWriter.create({
    title: `SWPPP Amendment ${opts.number} - ${p.name}`,
    subject: 'SWPPP amendment',
    author: p.preparer.company,
    date: opts.date,
    header: headerFor(p, `SWPPP Amendment No. ${opts.number}`),
  });
  w.letterPage();
  w.heading(`SWPPP AMENDMENT NO. ${opts.number}`, 1);
  w.field('Project', p.name);
  w.field('Site', `${p.siteAddress}, Rotterdam, NY`);
  w.field('SPDES permit ID', p.spdesPermitId ?? '-');
  w.field('Amendment date', formatDay(opts.date));
  w.heading('Why the SWPPP is amended');
  w.para(opts.reason);
  w.heading('Changes');
  w.bullets(opts.changes);
  w.heading('Revised pages');
  w.para(
    'This amendment replaces the affected narrative sections and plan sheets of the SWPPP; all other parts remain in force. The revised sheets follow this page.',
  );
  if (opts.newContractor) {
    w.letterPage();
    w.heading('New contractor certification');
    w.field('Company', opts.newContractor.company);
    w.field('Measures implemented', opts.newContractor.measures ?? '');
    w.para(CONTRACTOR_CERTIFICATION, { size: 8.5 });
    w.signature(
      opts.newContractor.contact,
      opts.newContractor.role ?? 'Subcontractor',
      opts.newContractor.certifiedOn ?? opts.date,
    );
  }
  w.letterPage();
  w.heading('Preparer certification');
  w.para(PREPARER_CERTIFICATION, { size: 8.5 });
  w.signature(p.preparer.contact, p.preparer.license ?? 'Preparer', opts.date);
  const sheets = sheetList(p, 8)
    .filter((s) => s.kind === 'esc' || s.kind === 'post' || s.kind === 'details')
    .slice(0, opts.planSheets);
  for (const spec of sheets)
    w.largeSheet((page, writer) =>
      drawPlanSheet(page, writer, p, spec, opts.date, `Rev. ${opts.number} - Amendment ${opts.number}`),
    );
  return w.save();
}

// ---------------------------------------------------------------------------------------------
// Inspection report (2 pages) and monthly summary (1 page)

export interface PdfInspection {
  inspectedAt: Date;
  typeLabel: string;
  inspectorName: string;
  inspectorCredential: string;
  weather: string;
  rainSinceLastInches: number;
  stormNote?: string;
  disturbedAcresActive: number;
  disturbedAcresInactive: number;
  tempStabilizedAcres: number;
  finalStabilizedAcres: number;
  disturbedAreasNotes: string;
  nextFourteenDaysNotes: string;
  rillGullyErosion: boolean;
  sedimentLeavingSite: boolean;
  maintenanceNeeded: string;
  deficiencies: string;
  practices: Array<{ practice: string; pct: number | null; condition: string; notes: string }>;
  correctiveOpened: string[];
  correctiveCarried: string[];
  correctiveClosed: string[];
}

export async function inspectionReportPdf(p: PdfProject, r: PdfInspection, date: string): Promise<GeneratedPdf> {
  const w = await PdfWriter.create({
    title: `Inspection report ${date} - ${p.name}`,
    subject: 'SWPPP inspection report',
    author: r.inspectorName,
    date,
    header: headerFor(p, 'SWPPP inspection report'),
  });
  w.letterPage();
  w.heading('SWPPP INSPECTION REPORT', 1);
  w.fields([
    ['Project', p.name],
    ['Site / SPDES permit ID', `${p.siteAddress} / ${p.spdesPermitId ?? '-'}`],
    ['Date and time', localDateTime(r.inspectedAt)],
    ['Type of inspection', r.typeLabel + (r.stormNote ? ` (${r.stormNote})` : '')],
    ['Qualified inspector', `${r.inspectorName}, ${r.inspectorCredential}`],
    ['Weather', r.weather],
    ['Rain since last inspection', `${r.rainSinceLastInches.toFixed(2)} in.`],
  ]);
  w.heading('Disturbed areas and stabilization');
  w.table(
    [
      { title: 'Area', width: 340 },
      { title: 'Acres', width: 152 },
    ],
    [
      ['Disturbed, active work', r.disturbedAcresActive.toFixed(1)],
      ['Disturbed, no active work in previous 14 days', r.disturbedAcresInactive.toFixed(1)],
      ['Temporarily stabilized', r.tempStabilizedAcres.toFixed(1)],
      ['Permanently stabilized', r.finalStabilizedAcres.toFixed(1)],
    ],
  );
  w.field('Disturbed areas and drainage pathways', r.disturbedAreasNotes);
  w.field('Expected in the next 14 days', r.nextFourteenDaysNotes);
  w.heading('Maintenance requirements');
  w.table(
    [
      { title: 'Item', width: 340 },
      { title: 'Observed', width: 152 },
    ],
    [
      ['Integrity of barriers, diversions and containment', r.maintenanceNeeded ? 'See notes' : 'Intact'],
      ['Rill or gully erosion on slopes', r.rillGullyErosion ? 'Yes' : 'No'],
      ['Loss of stabilizing vegetation, seeding or mulch', r.rillGullyErosion ? 'Some' : 'No'],
      ['Excessive deposition or ponding along barriers', r.practices.some((x) => (x.pct ?? 0) >= 50) ? 'Yes' : 'No'],
      ['Erosion near outlet and overflow structures', 'No'],
      ['Rock filters around perforated risers passing water', 'Yes'],
      ['Sediment leaving the site', r.sedimentLeavingSite ? 'YES - see deficiencies' : 'No'],
    ],
  );
  w.field('Maintenance needed', r.maintenanceNeeded || 'None');
  // Page 2: practices, deficiencies, corrective actions, certification
  w.letterPage();
  w.heading('Sediment and erosion control practices');
  w.table(
    [
      { title: 'Practice', width: 190 },
      { title: 'Sediment (% of storage)', width: 90 },
      { title: 'Condition', width: 90 },
      { title: 'Notes', width: 122 },
    ],
    r.practices.map((x) => [
      x.practice,
      x.pct === null ? 'n/a' : `${Math.round(x.pct)}%`,
      x.condition.replace('_', ' '),
      x.notes,
    ]),
  );
  w.heading('Deficiencies in SWPPP implementation');
  w.para(r.deficiencies || 'None observed.');
  w.heading('Corrective actions');
  w.fields([
    ['Opened this inspection', r.correctiveOpened.join('; ') || 'None'],
    ['Carried over (still open)', r.correctiveCarried.join('; ') || 'None'],
    ['Closed since last report', r.correctiveClosed.join('; ') || 'None'],
  ]);
  w.heading('Qualified inspector certification', 3);
  w.para(
    'I certify that I inspected the site on the date above and that this report is true, accurate and complete to the best of my knowledge. Corrective actions must begin within one business day of this report.',
    { size: 8.5 },
  );
  w.signature(r.inspectorName, r.inspectorCredential, date);
  return w.save();
}

export interface PdfMonthlySummary {
  month: string;
  version: number;
  inspectionsDone: number;
  inspectionsRequired: number;
  stormEvents: number;
  postStormInspections: number;
  acresDisturbed: number;
  acresStabilized: number;
  correctiveOpened: number;
  correctiveClosed: number;
  correctiveOpen: number;
  narrative: string;
  certifiedByName: string;
  certifiedByTitle: string;
  correctionNote?: string;
}

export async function monthlySummaryPdf(p: PdfProject, s: PdfMonthlySummary, date: string): Promise<GeneratedPdf> {
  const w = await PdfWriter.create({
    title: `Monthly inspection summary ${s.month} - ${p.name}`,
    subject: 'Monthly summary of site inspection activities',
    author: s.certifiedByName,
    date,
    header: headerFor(p, 'Monthly summary of site inspections'),
  });
  w.letterPage();
  w.heading(`MONTHLY INSPECTION SUMMARY - ${formatMonth(s.month).toUpperCase()}`, 1);
  if (s.version > 1) w.para(`Corrected version ${s.version}. ${s.correctionNote ?? ''}`, { bold: true, color: RED });
  w.fields([
    ['Project', `${p.name}, ${p.siteAddress}`],
    ['SPDES permit ID', p.spdesPermitId ?? '-'],
  ]);
  w.table(
    [
      { title: 'Item', width: 340 },
      { title: 'This month', width: 152 },
    ],
    [
      ['Inspections done / required', `${s.inspectionsDone} / ${s.inspectionsRequired}`],
      ['Storms of 0.5 in. or more', String(s.stormEvents)],
      ['Post-storm inspections', String(s.postStormInspections)],
      ['Acres disturbed at month end', s.acresDisturbed.toFixed(1)],
      ['Acres stabilized at month end', s.acresStabilized.toFixed(1)],
      [
        'Corrective actions opened / closed / still open',
        `${s.correctiveOpened} / ${s.correctiveClosed} / ${s.correctiveOpen}`,
      ],
    ],
  );
  w.heading('What happened this month');
  w.para(s.narrative);
  w.para(
    'This summary is posted at the site in a publicly accessible location, as the Town of Rotterdam erosion and sediment control law requires. Full inspection reports are available on the portal and in the site log book.',
    { size: 8.5, color: GREY },
  );
  w.signature(s.certifiedByName, s.certifiedByTitle, date);
  return w.save();
}

// ---------------------------------------------------------------------------------------------
// Town enforcement notice

export interface PdfEnforcement {
  typeLabel: string;
  issuedOn: string;
  issuedByName: string;
  citedSection: string;
  summary: string;
  findings: string[];
  requiredMeasures: string;
  complyBy: string | null;
  fine?: { dailyRateCents: number; days: number; assessedCents: number; dueOn: string };
  /** Add the second page (next steps and a sketch): formal and judicial actions. */
  attachment?: boolean;
}

export async function enforcementNoticePdf(p: PdfProject, e: PdfEnforcement): Promise<GeneratedPdf> {
  const w = await PdfWriter.create({
    title: `${e.typeLabel} - ${p.name}`,
    subject: 'Town of Rotterdam enforcement notice',
    author: e.issuedByName,
    date: e.issuedOn,
    header: 'Town of Rotterdam - Department of Public Works - Stormwater Management Officer',
  });
  w.letterPage();
  w.para('TOWN OF ROTTERDAM', { bold: true, size: 13 });
  w.para('Department of Public Works - Stormwater Management Officer', { size: 9 });
  w.para('1100 Sunrise Boulevard, Rotterdam, NY 12306', { size: 9 });
  w.space(10);
  w.para(formatDay(e.issuedOn));
  w.para(p.owner.company, { gap: 0 });
  w.para(`Attn: ${p.owner.contact}${p.owner.title ? `, ${p.owner.title}` : ''}`);
  w.para(
    `Re: ${p.name}, ${p.siteAddress} - Town permit ${p.townPermitNo ?? '-'}, SPDES permit ID ${p.spdesPermitId ?? '-'}`,
    { bold: true },
  );
  w.heading(e.typeLabel.toUpperCase(), 1);
  w.para(e.summary);
  w.heading('Findings');
  w.bullets(e.findings);
  w.field('Cited', e.citedSection);
  if (e.requiredMeasures) {
    w.heading('Required measures');
    w.para(e.requiredMeasures);
  }
  if (e.complyBy) w.field('Comply by', formatDay(e.complyBy));
  if (e.fine) {
    w.heading('Fine');
    w.para(
      `A fine of $${(e.fine.dailyRateCents / 100).toFixed(2)} per day for ${e.fine.days} days (each day a separate offense), $${(e.fine.assessedCents / 100).toFixed(2)} in total, is due by ${formatDay(e.fine.dueOn)}.`,
    );
  }
  w.para(
    'Any violation of the Town erosion and sediment control law is punishable by a fine not to exceed $250 or imprisonment for up to 15 days, or both; each day the violation exists is a separate offense. A stop-work order stays in effect until the Town confirms the work is in compliance. Questions may be directed to the Stormwater Management Officer at (518) 555-0150.',
    { size: 8.5 },
  );
  w.signature(e.issuedByName, 'Stormwater Management Officer', e.issuedOn);
  if (e.attachment) {
    // Formal actions carry a second page: what to do next, and the officer's sketch of the findings.
    w.letterPage();
    w.heading('Attachment A - Next steps and site sketch', 2);
    w.bullets([
      'Do the required measures above and keep a record of the work in the site log book.',
      'Call the Stormwater Management Officer at least 48 hours before you want a re-inspection.',
      'Only the Town can confirm compliance; until then this action stays open on the public portal.',
      'You may submit a written response or a SWPPP amendment to the Department of Public Works at any time.',
    ]);
    const page = w.page as PDFPage;
    const top = w.y - 10;
    page.drawRectangle({
      x: MARGIN,
      y: top - 300,
      width: LETTER[0] - 2 * MARGIN,
      height: 300,
      borderColor: GREY,
      borderWidth: 1,
    });
    page.drawRectangle({
      x: MARGIN + 20,
      y: top - 290,
      width: LETTER[0] - 2 * MARGIN - 40,
      height: 40,
      color: rgb(0.92, 0.92, 0.92),
    });
    w.drawText(page, w.clean(p.siteAddress.replace(/^\d+\s+/, '').toUpperCase()), {
      x: MARGIN + 180,
      y: top - 274,
      size: 10,
      font: w.bold,
      color: GREY,
    });
    page.drawRectangle({ x: MARGIN + 150, y: top - 200, width: 200, height: 120, borderColor: INK, borderWidth: 1.5 });
    w.drawText(page, 'BUILDING AREA', { x: MARGIN + 205, y: top - 145, size: 9, font: w.bold, color: INK });
    w.drawLine(page, {
      start: { x: MARGIN + 30, y: top - 230 },
      end: { x: LETTER[0] - MARGIN - 30, y: top - 230 },
      thickness: 1.5,
      color: RED,
      dashArray: [6, 4],
    });
    page.drawCircle({ x: MARGIN + 90, y: top - 240, size: 12, borderColor: RED, borderWidth: 2 });
    w.drawText(page, '1', { x: MARGIN + 87, y: top - 244, size: 10, font: w.bold, color: RED });
    page.drawCircle({ x: LETTER[0] - MARGIN - 110, y: top - 120, size: 12, borderColor: RED, borderWidth: 2 });
    w.drawText(page, '2', { x: LETTER[0] - MARGIN - 113, y: top - 124, size: 10, font: w.bold, color: RED });
    w.y = top - 320;
    w.para(`Observation 1: ${e.findings[0] ?? ''}`, { size: 8.5 });
    if (e.findings[1]) w.para(`Observation 2: ${e.findings[1]}`, { size: 8.5 });
  }
  return w.save();
}

// ---------------------------------------------------------------------------------------------
// Close-out: as-built plans and the notice of termination

export async function asBuiltPdf(p: PdfProject, opts: { date: string; sheets: number }): Promise<GeneratedPdf> {
  const w = await PdfWriter.create({
    title: `As-built plans - ${p.name}`,
    subject: 'Certified as-built plans of permanent stormwater practices',
    author: p.preparer.company,
    date: opts.date,
    header: headerFor(p, 'As-built plans'),
  });
  const specs: SheetSpec[] = [
    { number: 'AB-1', title: 'As-built stormwater management plan', kind: 'asbuilt' },
    { number: 'AB-2', title: 'As-built practice sections', kind: 'post' },
    { number: 'AB-3', title: 'As-built grading', kind: 'grading' },
    { number: 'AB-4', title: 'As-built storm sewer', kind: 'utilities' },
  ];
  for (const spec of specs.slice(0, opts.sheets))
    w.largeSheet((page, writer) => drawPlanSheet(page, writer, p, spec, opts.date, 'Record drawing'));
  return w.save();
}

export async function noticeOfTerminationPdf(
  p: PdfProject,
  opts: { date: string; finalStabilizationOn: string },
): Promise<GeneratedPdf> {
  const w = await PdfWriter.create({
    title: `Notice of Termination - ${p.name}`,
    subject: 'NOT, SPDES general permit for construction activity',
    author: p.owner.company,
    date: opts.date,
    header: headerFor(p, 'Notice of Termination'),
  });
  w.letterPage();
  w.heading('NOTICE OF TERMINATION', 1);
  w.para(
    'SPDES General Permit for Stormwater Discharges from Construction Activity - copy filed with the Town of Rotterdam',
    { bold: true },
  );
  w.field('Permit ID', p.spdesPermitId ?? '-');
  w.field('Owner/operator', p.owner.company);
  w.field('Project', `${p.name}, ${p.siteAddress}, Rotterdam, NY ${p.zip}`);
  w.field(
    'Reason for termination',
    'All construction activity identified in the SWPPP has been completed and the site has achieved final stabilization.',
  );
  w.field('Final stabilization reached', formatDay(opts.finalStabilizationOn));
  w.field('Post-construction practices', p.kind === 'major' ? p.postConstructionPractices : 'None required');
  w.field(
    'Practices constructed as described in the SWPPP',
    p.kind === 'major' ? 'Yes - certified as-built plans filed with the Town' : 'Not applicable',
  );
  w.field('Operation and maintenance manual provided to owner', p.kind === 'major' ? 'Yes' : 'Not applicable');
  w.heading('Qualified inspector final site inspection');
  w.para(
    `${p.inspector.contact} (${p.inspector.license ?? ''}) performed a final site inspection and certifies that all disturbed areas have achieved final stabilization, defined as a uniform perennial vegetative cover with a density of 80 percent or equivalent stabilization measures on all unpaved areas and areas not covered by permanent structures, and that all temporary erosion and sediment control measures have been removed.`,
  );
  w.signature(p.inspector.contact, p.inspector.license ?? 'Qualified inspector', opts.date);
  w.letterPage();
  w.heading('Owner/operator certification');
  w.para(
    'I hereby certify under penalty of law that all stormwater discharges associated with construction activity identified by the permit ID above have been eliminated or that I am no longer the owner or operator of the construction activity. I understand that by submitting this notice of termination I am no longer authorized to discharge stormwater from construction activity under the general permit, and that discharging pollutants in stormwater associated with construction activity to waters of the United States is unlawful under the Clean Water Act where the discharge is not authorized by a SPDES permit.',
  );
  w.signature(p.owner.contact, p.owner.title ?? 'Owner/operator', opts.date);
  if (p.kind === 'major') {
    w.heading('Post-construction practice owner');
    w.para(
      `Responsibility for long-term operation and maintenance of the post-construction stormwater practices rests with ${p.owner.company}, under the maintenance agreement recorded with the Schenectady County Clerk.`,
    );
  }
  return w.save();
}

// ---------------------------------------------------------------------------------------------
// Jobs: plain, structured-clonable descriptions of a PDF, so rendering can run in worker threads

export type PdfJob =
  | { kind: 'noi'; project: PdfProject; date: string }
  | { kind: 'swppp'; project: PdfProject; opts: { date: string; letterPages: number; planSheets: number } }
  | {
      kind: 'swppp_amendment';
      project: PdfProject;
      opts: {
        date: string;
        number: number;
        reason: string;
        changes: string[];
        planSheets: number;
        newContractor?: PdfParty;
      };
    }
  | { kind: 'inspection_report'; project: PdfProject; report: PdfInspection; date: string }
  | { kind: 'monthly_summary'; project: PdfProject; summary: PdfMonthlySummary; date: string }
  | { kind: 'enforcement_notice'; project: PdfProject; notice: PdfEnforcement }
  | { kind: 'as_built_plans'; project: PdfProject; opts: { date: string; sheets: number } }
  | { kind: 'notice_of_termination'; project: PdfProject; opts: { date: string; finalStabilizationOn: string } };

export function renderJob(job: PdfJob): Promise<GeneratedPdf> {
  switch (job.kind) {
    case 'noi':
      return noiPdf(job.project, job.date);
    case 'swppp':
      return swpppPdf(job.project, job.opts);
    case 'swppp_amendment':
      return swpppAmendmentPdf(job.project, job.opts);
    case 'inspection_report':
      return inspectionReportPdf(job.project, job.report, job.date);
    case 'monthly_summary':
      return monthlySummaryPdf(job.project, job.summary, job.date);
    case 'enforcement_notice':
      return enforcementNoticePdf(job.project, job.notice);
    case 'as_built_plans':
      return asBuiltPdf(job.project, job.opts);
    case 'notice_of_termination':
      return noticeOfTerminationPdf(job.project, job.opts);
  }
}
