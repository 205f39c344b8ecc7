/**
 * Subsection D(1): the activities for which the ordinance requires no SWPPP. An exemption holds only while
 * the facts it names hold on the project's record (decision 0072):
 *
 * - D(1)(c) names an acreage, "a disturbance of less than five acres": the area to be disturbed must be
 *   recorded and under five acres (or the whole site under five acres); 5.0 is not less than five.
 * - D(1)(e) names an existing dwelling or structure, D(1)(f) developed property: neither is new construction
 *   (the NOI's nature of activity).
 *
 * The other conditions (an emergency, a permitted agricultural use, a regulated mine, the officer's finding
 * that a repair is needed) are facts the record does not hold: the person who records the exemption answers
 * for them, and residents see who that was and when. Pure: the project's facts in, a refusal in words out.
 */
import { D1_EXEMPTION_LABEL, type D1Exemption } from '#lib/shared/labels.ts';
import { formatAcres } from '#lib/shared/format.ts';

/** D(1)(c)'s "less than five acres". */
export const D1C_ACRES = 5;

/** The recorded facts an exemption is checked against. */
export interface ExemptionFacts {
  totalSiteAcres: number | null;
  disturbedAcres: number | null;
  /** The NOI's nature of activity: new_construction | redevelopment. */
  natureOfActivity: string | null;
}

/** "D(1)(c)" from its label. A declaration, not an arrow held in a const: its body is chosen when it is called. */
function subsection(e: D1Exemption): string {
  return D1_EXEMPTION_LABEL[e].slice(0, D1_EXEMPTION_LABEL[e].indexOf(':'));
}

/**
 * Why the recorded facts rule the exemption out, or null when they allow it. The one definition of "the
 * exemption holds": recording it is refused with these words, and the compliance rules and the public page
 * treat an exemption with a refusal as not recorded.
 */
export function exemptionRefusal(exemption: D1Exemption, f: ExemptionFacts): string | null {
  if (exemption === 'agricultural_land_under_5_acres') {
    const section = subsection(exemption);
    if (f.disturbedAcres != null) {
      if (f.disturbedAcres < D1C_ACRES) return null;
      return `The project will disturb ${formatAcres(f.disturbedAcres)}; ${section} covers only a disturbance of less than five acres.`;
    }
    if (f.totalSiteAcres != null && f.totalSiteAcres < D1C_ACRES) return null;
    return f.totalSiteAcres != null
      ? `The site is ${formatAcres(f.totalSiteAcres)} and the area to be disturbed is not recorded; ${section} covers only a disturbance of less than five acres: record the area to be disturbed first.`
      : `The area to be disturbed is not recorded; ${section} covers only a disturbance of less than five acres: record it first.`;
  }
  if (f.natureOfActivity === 'new_construction') {
    if (exemption === 'septic')
      return `The project is recorded as new construction; ${subsection(exemption)} covers only a septic system serving an existing dwelling or structure.`;
    if (exemption === 'lawn_landscaping')
      return `The project is recorded as new construction; ${subsection(exemption)} covers only maintenance on developed property.`;
  }
  return null;
}

/** The exemption that holds on the record, or null: none recorded, or one its facts rule out. */
export function exemptionInForce(exemption: string | null | undefined, f: ExemptionFacts): D1Exemption | null {
  if (!exemption) return null;
  return exemptionRefusal(exemption as D1Exemption, f) ? null : (exemption as D1Exemption);
}
