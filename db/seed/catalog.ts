/**
 * The demo town's 28 projects, designed by hand so every status, both kinds and the interesting
 * compliance situations are present. Details that don't matter for that (house numbers, people,
 * parcels, coordinates) come from the seeded PRNG.
 *
 * Timeline numbers are days relative to the seed's "today" (negative = in the past).
 */
import type { ProjectKind, ProjectStatus } from '../schema.ts';
import type { RoadKey, WaterKey } from './names.ts';

export interface ReviewPlan {
  /** Days ago the SWPPP arrived (review projects only). */
  receivedAgo: number;
  /** none: clock running, no action; deficient: written notice of deficiencies; complete: found complete, decision clock running; new: just filed */
  mode: 'none' | 'deficient' | 'complete' | 'new';
}

export interface Anomalies {
  /** An 11-day gap between inspections (weekly required). */
  gap11?: boolean;
  /** No inspection within 24 hours of a storm of 0.5 in. or more. */
  missedStorm?: boolean;
  /** Last month's monthly summary never filed. */
  missingSummary?: boolean;
  /** A sediment trap left at 60% of storage (cleanout due at 50%). */
  trapNotCleaned?: boolean;
  /** One monthly summary filed after the 10th. */
  lateSummary?: boolean;
  /** One monthly summary corrected (version 2 supersedes version 1). */
  correctedSummary?: boolean;
  /** One inspection report returned by the officer. */
  returnedReport?: boolean;
  /** A 48-hour inspection notice given with less than 48 hours' notice. */
  lateNotice?: boolean;
}

export interface DemoProjectDef {
  slug: string;
  name: string;
  road: RoadKey;
  kind: ProjectKind;
  status: ProjectStatus;
  nature: 'new_construction' | 'redevelopment';
  preUse: string;
  postUse: string;
  total: number;
  disturbed: number;
  maxAtOnce: number;
  existingImp: number;
  futureImp: number;
  /** DEC's prior written approval to disturb more than five acres at once. */
  decApproval?: boolean;
  phases: number;
  phasing: string;
  post: string[];
  waters: WaterKey[];
  buffers?: { federal?: boolean; state?: boolean; watercourse?: boolean; notes: string };
  description: string;
  owner: { company: string; domain: string; title: string };
  parcels: number;
  /** Street work next to catch basins (inlet protection on the list of practices). */
  streets: boolean;
  /** Day the work started / final stabilization / NOT filed, relative to today. */
  start?: number;
  finalStab?: number;
  notFiled?: number;
  plannedStart: number;
  plannedEnd: number;
  review?: ReviewPlan;
  winterShutdown?: boolean;
  amendments?: number;
  anomalies?: Anomalies;
  swpppPages: number;
  planSheets: number;
}

export const DEMO_PROJECTS: DemoProjectDef[] = [
  // ------------------------------------------------------------------ active
  {
    slug: 'curry-road-distribution-center', name: 'Curry Road Distribution Center', road: 'curry', kind: 'major', status: 'active',
    nature: 'new_construction', preUse: 'Agricultural field and hedgerows', postUse: 'Warehouse and distribution (industrial)',
    total: 38.6, disturbed: 24.5, maxAtOnce: 9.8, existingImp: 0.4, futureImp: 14.2, decApproval: true, phases: 3,
    phasing: 'Three phases: (1) site entrance, sediment basin SB-1 and the western truck court; (2) building pad and foundations; (3) eastern parking, bioretention areas and final landscaping. Each phase is stabilized before the next is cleared.',
    post: ['wet pond (micropool extended detention)', 'bioretention areas', 'underground infiltration chambers'], waters: ['sandseaKill', 'ms4'],
    description: 'A 148,000-square-foot warehouse and distribution building with truck parking on a 38-acre former farm field off Curry Road. It is built in three phases; up to 9.8 acres may be open at once under written approval from the state DEC. Stormwater goes to a wet pond and bioretention areas before reaching the Sandsea Kill.',
    owner: { company: 'Curry Road Logistics Partners, LLC', domain: 'curryroadlogistics', title: 'Vice President, Development' },
    parcels: 3, streets: true, start: -330, plannedStart: -335, plannedEnd: 240, amendments: 2, anomalies: { correctedSummary: true },
    swpppPages: 58, planSheets: 12,
  },
  {
    slug: 'princetown-road-community-solar', name: 'Princetown Road Community Solar', road: 'princetown', kind: 'major', status: 'active',
    nature: 'new_construction', preUse: 'Hayfield and scrub woodland', postUse: 'Ground-mounted solar array (5 MW AC) with meadow cover',
    total: 62.0, disturbed: 12.6, maxAtOnce: 7.5, existingImp: 0, futureImp: 0.9, phases: 2,
    phasing: 'Two phases: (1) access road, perimeter controls and the western array blocks; (2) eastern array blocks and the interconnection pad. Panels are installed over a seeded meadow; grading is limited to the access road and equipment pads.',
    post: ['vegetated filter strips', 'dry swale along access road'], waters: ['plotterKill', 'plotterTrib'],
    buffers: { watercourse: true, notes: 'A 50-foot buffer along the Plotter Kill tributary on the north side stays wooded; no panels or grading inside it.' },
    description: 'A 5-megawatt community solar array on about 62 acres of hay fields south of Princetown Road. Most of the land stays in grass under the panels; the graded areas are the gravel access road and equipment pads. Runoff flows to the Plotter Kill.',
    owner: { company: 'Helderberg Sun Community Solar 2, LLC', domain: 'helderbergsun', title: 'Project Developer' },
    parcels: 2, streets: false, start: -150, plannedStart: -160, plannedEnd: 120,
    swpppPages: 44, planSheets: 9,
  },
  {
    slug: 'mariaville-meadows-phase-2', name: 'Mariaville Meadows Subdivision, Phase 2', road: 'mariaville', kind: 'major', status: 'active',
    nature: 'new_construction', preUse: 'Old field and woodlots', postUse: 'Single-family residential (42 lots) with town roads',
    total: 46.0, disturbed: 18.2, maxAtOnce: 4.9, existingImp: 0, futureImp: 6.8, phases: 3,
    phasing: 'Three phases of 12 to 16 lots each. Roads and utilities for each phase are built and stabilized before house lots in that phase are cleared; no more than 4.9 acres are disturbed at any one time.',
    post: ['wet pond', 'grass swales', 'rain gardens on lots'], waters: ['plotterKill', 'wetland'],
    buffers: { federal: true, notes: 'A 25-foot vegetated buffer is kept from the federal wetland along the rear of lots 31-38.' },
    description: 'Phase 2 of the Mariaville Meadows subdivision: 42 single-family lots and about 3,400 feet of new town road off Mariaville Road. Work is done in three sections so no more than about five acres are bare at once. Stormwater goes to a wet pond and grass swales draining to the Plotter Kill.',
    owner: { company: 'Mariaville Meadows Development, LLC', domain: 'mariavillemeadows', title: 'Managing Member' },
    parcels: 2, streets: true, start: -300, plannedStart: -305, plannedEnd: 300, amendments: 1,
    swpppPages: 52, planSheets: 10,
  },
  {
    slug: 'altamont-avenue-plaza', name: 'Altamont Avenue Plaza Redevelopment', road: 'altamont', kind: 'major', status: 'active',
    nature: 'redevelopment', preUse: 'Vacant shopping plaza and parking lot', postUse: 'Retail plaza with grocery store',
    total: 6.8, disturbed: 5.9, maxAtOnce: 4.2, existingImp: 5.1, futureImp: 4.6, phases: 2,
    phasing: 'Two phases: (1) demolition of the old plaza and the front parking field; (2) new grocery building, rear parking and landscaping.',
    post: ['porous asphalt parking', 'bioretention areas'], waters: ['poenticKill', 'ms4'],
    description: 'The old plaza on Altamont Avenue is being torn down and replaced with a grocery store and smaller shops. The new parking lot will have less pavement than before, with porous asphalt and planted bioretention areas that clean runoff before it reaches the town storm sewer.',
    owner: { company: 'Altamont Plaza Redevelopment, LLC', domain: 'altamontplaza', title: 'Construction Manager' },
    parcels: 2, streets: true, start: -200, plannedStart: -205, plannedEnd: 150, anomalies: { missingSummary: true },
    swpppPages: 40, planSheets: 8,
  },
  {
    slug: 'guilderland-avenue-self-storage', name: 'Guilderland Avenue Self Storage', road: 'guilderland', kind: 'major', status: 'active',
    nature: 'new_construction', preUse: 'Wooded lot', postUse: 'Self-storage buildings and drive aisles',
    total: 4.9, disturbed: 4.1, maxAtOnce: 4.1, existingImp: 0, futureImp: 3.2, phases: 1,
    phasing: 'Single phase. Perimeter silt fence and two sediment traps are installed first; the traps become the infiltration basin after the site is paved.',
    post: ['infiltration basin'], waters: ['poenticKill', 'ms4'],
    description: 'Four single-story self-storage buildings with paved drive aisles on a 4.9-acre wooded lot on Guilderland Avenue. An infiltration basin at the back of the site will soak stormwater into the sandy soil.',
    owner: { company: 'Guilderland Avenue Storage, LLC', domain: 'gastorage', title: 'Owner Representative' },
    parcels: 1, streets: true, start: -120, plannedStart: -125, plannedEnd: 90, anomalies: { trapNotCleaned: true },
    swpppPages: 34, planSheets: 6,
  },
  {
    slug: 'campbell-road-medical-office', name: 'West Campbell Road Medical Office Building', road: 'campbell', kind: 'major', status: 'active',
    nature: 'new_construction', preUse: 'Mown field', postUse: 'Medical office building and parking',
    total: 5.2, disturbed: 3.8, maxAtOnce: 3.8, existingImp: 0.1, futureImp: 2.6, phases: 1,
    phasing: 'Single phase, with the building pad graded first and the parking lot stabilized with stone base until paving.',
    post: ['bioretention areas', 'underground sand filter'], waters: ['mohawk', 'ms4'],
    description: 'A two-story, 36,000-square-foot medical office building with parking on West Campbell Road near Route 5S. Runoff is treated in bioretention areas and an underground sand filter before it enters the town storm sewer that drains to the Mohawk River.',
    owner: { company: 'Great Flats Medical Properties, LLC', domain: 'greatflatsmed', title: 'Director of Facilities' },
    parcels: 1, streets: true, start: -240, plannedStart: -245, plannedEnd: 100, anomalies: { gap11: true, returnedReport: true },
    swpppPages: 36, planSheets: 7,
  },
  {
    slug: 'westcott-road-townhomes', name: 'Westcott Road Townhomes', road: 'westcott', kind: 'major', status: 'active',
    nature: 'new_construction', preUse: 'Woodland and abandoned orchard', postUse: 'Townhouses (36 units) with private drive',
    total: 9.4, disturbed: 6.1, maxAtOnce: 3.5, existingImp: 0, futureImp: 3.1, phases: 2,
    phasing: 'Two phases of 18 units. Phase 1 includes the private drive, storm sewer and the stormwater pond; phase 2 starts only after phase 1 is stabilized.',
    post: ['wet pond', 'dry swale'], waters: ['plotterTrib'],
    description: 'Thirty-six townhouses in six buildings on a private drive off Westcott Road, built in two phases. Stormwater collects in a pond at the low corner of the site before flowing to a tributary of the Plotter Kill.',
    owner: { company: 'Westcott Commons Homes, Inc.', domain: 'westcottcommons', title: 'President' },
    parcels: 1, streets: true, start: -270, plannedStart: -280, plannedEnd: 200, amendments: 1, anomalies: { missedStorm: true, lateNotice: true },
    swpppPages: 42, planSheets: 8,
  },
  {
    slug: 'route-7-commerce-park-lot-3', name: 'Route 7 Commerce Park, Lot 3', road: 'duanesburg', kind: 'major', status: 'active',
    nature: 'new_construction', preUse: 'Former gravel yard and scrub', postUse: 'Light industrial building and contractor yard',
    total: 14.8, disturbed: 12.4, maxAtOnce: 6.2, existingImp: 1.2, futureImp: 7.9, decApproval: true, phases: 2,
    phasing: 'Two phases. DEC approved up to 6.2 acres disturbed at once, conditioned on twice-weekly inspections and stabilization of inactive areas within 7 days.',
    post: ['infiltration basin', 'vegetated filter strip'], waters: ['normansTrib', 'ms4'],
    description: 'A 62,000-square-foot light industrial building and outdoor contractor yard on Lot 3 of the Route 7 Commerce Park near the I-88 interchange. DEC approved having up to 6.2 acres open at once, so the site is inspected twice a week.',
    owner: { company: 'Normanskill Commerce Park, LLC', domain: 'nkcommerce', title: 'Managing Partner' },
    parcels: 2, streets: true, start: -210, plannedStart: -215, plannedEnd: 180,
    swpppPages: 48, planSheets: 9,
  },
  {
    slug: 'rotterdam-junction-fire-station', name: 'Rotterdam Junction Fire Station Replacement', road: 'mainJunction', kind: 'major', status: 'active',
    nature: 'redevelopment', preUse: 'Existing fire station and gravel lot', postUse: 'Fire station with apparatus bays',
    total: 2.3, disturbed: 1.9, maxAtOnce: 1.9, existingImp: 1.1, futureImp: 1.4, phases: 1,
    phasing: 'Single phase. The old station stays in service until the new apparatus bays are finished, then it is demolished and the area becomes parking.',
    post: ['stormwater planters', 'underground infiltration chambers'], waters: ['mohawk'],
    description: 'A new four-bay fire station for the Rotterdam Junction fire district on Main Street, replacing the 1950s building next door. Roof runoff goes to underground infiltration chambers; the site drains toward the Mohawk River.',
    owner: { company: 'Rotterdam Fire District No. 5 (Board of Fire Commissioners)', domain: 'rfd5', title: 'Chairman, Board of Fire Commissioners' },
    parcels: 1, streets: true, start: -180, plannedStart: -185, plannedEnd: 60, anomalies: { lateSummary: true },
    swpppPages: 32, planSheets: 6,
  },
  {
    slug: 'carman-road-child-care-center', name: 'Carman Road Child Care Center', road: 'carman', kind: 'minor', status: 'active',
    nature: 'redevelopment', preUse: 'Single-family house and lawn', postUse: 'Child care center and play yard',
    total: 1.6, disturbed: 0.9, maxAtOnce: 0.9, existingImp: 0.2, futureImp: 0.6, phases: 1,
    phasing: 'Single phase; the play yard is seeded as soon as the building is enclosed.',
    post: [], waters: ['normansTrib', 'ms4'],
    description: 'A one-story child care center with a fenced play yard on Carman Road, replacing a house. Less than one acre is disturbed, so only erosion and sediment controls are required.',
    owner: { company: 'Little Acorns Learning Centers, Inc.', domain: 'littleacorns', title: 'Owner' },
    parcels: 1, streets: true, start: -90, plannedStart: -95, plannedEnd: 45,
    swpppPages: 30, planSheets: 4,
  },
  {
    slug: 'giffords-church-road-veterinary-hospital', name: 'Giffords Church Road Veterinary Hospital', road: 'giffords', kind: 'major', status: 'active',
    nature: 'new_construction', preUse: 'Hayfield', postUse: 'Veterinary hospital and parking',
    total: 3.4, disturbed: 2.6, maxAtOnce: 2.6, existingImp: 0, futureImp: 1.2, phases: 1,
    phasing: 'Single phase.',
    post: ['bioretention area', 'rain gardens'], waters: ['plotterTrib'],
    description: 'A small-animal veterinary hospital with 40 parking spaces on Giffords Church Road. Two bioretention areas treat runoff from the parking lot.',
    owner: { company: 'Plotter Kill Animal Hospital, PLLC', domain: 'pkanimal', title: 'Managing Veterinarian' },
    parcels: 1, streets: false, start: -60, plannedStart: -65, plannedEnd: 150,
    swpppPages: 31, planSheets: 5,
  },
  // ------------------------------------------------------------------ stop-work order in force
  {
    slug: 'hamburg-street-mixed-use', name: 'Hamburg Street Mixed-Use Building', road: 'hamburg', kind: 'major', status: 'stop_work',
    nature: 'redevelopment', preUse: 'Former auto dealership (paved)', postUse: 'Ground-floor retail with 24 apartments above',
    total: 3.4, disturbed: 3.1, maxAtOnce: 3.1, existingImp: 2.8, futureImp: 2.4, phases: 1,
    phasing: 'Single phase: demolition, foundation, building, then parking and landscaping.',
    post: ['underground detention with hydrodynamic separator', 'porous pavers'], waters: ['sandseaKill', 'ms4'],
    description: 'A three-story building with shops on the ground floor and 24 apartments above, on the site of a former car dealership on Hamburg Street. Runoff is held in an underground tank and cleaned before it enters the storm sewer that drains to the Sandsea Kill.',
    owner: { company: 'Hamburg Street Station, LLC', domain: 'hamburgstation', title: 'Managing Member' },
    parcels: 2, streets: true, start: -160, plannedStart: -170, plannedEnd: 220,
    swpppPages: 38, planSheets: 7,
  },
  // ------------------------------------------------------------------ final stabilization
  {
    slug: 'helderberg-avenue-school-addition', name: 'Helderberg Avenue Elementary School Addition', road: 'helderberg', kind: 'major', status: 'final_stabilization',
    nature: 'redevelopment', preUse: 'School lawn and bus loop', postUse: 'School classroom wing and reconfigured bus loop',
    total: 11.2, disturbed: 3.6, maxAtOnce: 3.6, existingImp: 4.0, futureImp: 4.7, phases: 2,
    phasing: 'Two phases timed around the school year: the classroom wing over one summer and fall, the bus loop and fields the following summer.',
    post: ['bioretention areas', 'underground infiltration chambers'], waters: ['sandseaKill', 'ms4'],
    description: 'A twelve-classroom addition and a rebuilt bus loop at a town elementary school on Helderberg Avenue. The lawns have grown back; the district still has to file its certified as-built plans and notice of termination.',
    owner: { company: 'Rotterdam-Mohawk Central School District', domain: 'rmcsd', title: 'Director of Facilities' },
    parcels: 1, streets: true, start: -420, finalStab: -25, plannedStart: -425, plannedEnd: -30, winterShutdown: true, amendments: 1,
    swpppPages: 46, planSheets: 9,
  },
  {
    slug: 'burdeck-street-car-wash', name: 'Burdeck Street Express Car Wash', road: 'burdeck', kind: 'minor', status: 'final_stabilization',
    nature: 'redevelopment', preUse: 'Vacant restaurant and parking', postUse: 'Express car wash',
    total: 1.1, disturbed: 0.8, maxAtOnce: 0.8, existingImp: 0.9, futureImp: 0.8, phases: 1,
    phasing: 'Single phase.',
    post: [], waters: ['ms4'],
    description: 'An express car wash tunnel with vacuum stations on the site of a closed restaurant on Burdeck Street. Wash water goes to the sanitary sewer through a reclaim system, not to the storm sewer.',
    owner: { company: 'Spotless Express Wash Rotterdam, LLC', domain: 'spotlessexpress', title: 'Regional Manager' },
    parcels: 1, streets: true, start: -200, finalStab: -40, plannedStart: -205, plannedEnd: -50,
    swpppPages: 30, planSheets: 4,
  },
  {
    slug: 'mohawk-riverfront-trail', name: 'Mohawk Riverfront Trail and Car-Top Boat Launch', road: 'route5s', kind: 'major', status: 'final_stabilization',
    nature: 'new_construction', preUse: 'Floodplain meadow and riverbank woods', postUse: 'Stone-dust trail, small parking area and boat launch',
    total: 8.7, disturbed: 2.2, maxAtOnce: 2.2, existingImp: 0, futureImp: 0.5, phases: 1,
    phasing: 'Single phase, outside the spring high-water season; the riverbank work was done in August within DEC permit limits.',
    post: ['vegetated filter strip', 'dry swale'], waters: ['mohawk', 'wetland'],
    buffers: { watercourse: true, state: true, notes: 'Work within the 100-foot adjacent area of the state wetland and the riverbank was limited to the approved trail and launch, under DEC permit.' },
    description: 'A town trail along the Mohawk River off Route 5S with a 14-car parking area and a launch for kayaks and canoes. The grass and riverbank plantings have taken; the town is waiting for the final inspection before the work is closed out.',
    owner: { company: 'Town of Rotterdam Department of Parks and Recreation', domain: 'rotterdamny', title: 'Parks Director' },
    parcels: 2, streets: false, start: -240, finalStab: -15, plannedStart: -250, plannedEnd: -20,
    swpppPages: 34, planSheets: 6,
  },
  // ------------------------------------------------------------------ complete
  {
    slug: 'princetown-road-highway-garage', name: 'Town Highway Garage and Salt Barn', road: 'princetown', kind: 'major', status: 'complete',
    nature: 'new_construction', preUse: 'Town-owned woodland', postUse: 'Highway garage, covered salt storage and fueling area',
    total: 12.5, disturbed: 6.4, maxAtOnce: 4.6, existingImp: 0, futureImp: 3.9, phases: 2,
    phasing: 'Two phases: salt barn and yard first, then the garage.',
    post: ['wet pond', 'oil-water separator at fueling area', 'dry swale'], waters: ['plotterKill'],
    description: 'The town built a new highway department garage, a covered salt barn and a fueling area on Princetown Road. Salt is stored under cover and runoff from the yard goes to a wet pond. Work is finished and the permit coverage has ended.',
    owner: { company: 'Town of Rotterdam Department of Public Works', domain: 'rotterdamny', title: 'Highway Superintendent' },
    parcels: 1, streets: false, start: -560, finalStab: -200, notFiled: -170, plannedStart: -565, plannedEnd: -210, winterShutdown: true,
    swpppPages: 50, planSheets: 10,
  },
  {
    slug: 'thompson-street-warehouse-addition', name: 'Thompson Street Warehouse Addition', road: 'thompson', kind: 'major', status: 'complete',
    nature: 'redevelopment', preUse: 'Gravel storage yard', postUse: 'Warehouse addition and loading docks',
    total: 7.9, disturbed: 3.2, maxAtOnce: 3.2, existingImp: 2.5, futureImp: 4.4, phases: 1,
    phasing: 'Single phase.',
    post: ['underground infiltration chambers', 'hydrodynamic separator'], waters: ['ms4', 'mohawk'],
    description: 'A 40,000-square-foot addition with six loading docks to an existing warehouse on Thompson Street. Complete; the notice of termination has been filed.',
    owner: { company: 'Mohawk Industrial Holdings, LLC', domain: 'mohawkindustrial', title: 'Facilities Manager' },
    parcels: 1, streets: true, start: -480, finalStab: -120, notFiled: -95, plannedStart: -490, plannedEnd: -130,
    swpppPages: 40, planSheets: 7,
  },
  {
    slug: 'curry-road-bank-branch', name: 'Curry Road Bank Branch', road: 'curry', kind: 'major', status: 'complete',
    nature: 'redevelopment', preUse: 'Former gas station', postUse: 'Bank branch with drive-through',
    total: 1.5, disturbed: 1.3, maxAtOnce: 1.3, existingImp: 1.1, futureImp: 0.9, phases: 1,
    phasing: 'Single phase.',
    post: ['bioretention area'], waters: ['sandseaKill', 'ms4'],
    description: 'A bank branch with a two-lane drive-through on the site of a closed gas station on Curry Road. A bioretention area at the corner treats parking lot runoff. Complete.',
    owner: { company: 'Schenectady Valley Savings Bank', domain: 'svsavings', title: 'Vice President, Facilities' },
    parcels: 1, streets: true, start: -400, finalStab: -150, notFiled: -130, plannedStart: -410, plannedEnd: -160,
    swpppPages: 32, planSheets: 5,
  },
  {
    slug: 'lower-gregg-road-residence', name: 'Lower Gregg Road New Residence', road: 'lowerGregg', kind: 'minor', status: 'complete',
    nature: 'new_construction', preUse: 'Wooded lot', postUse: 'Single-family house',
    total: 2.1, disturbed: 1.1, maxAtOnce: 1.1, existingImp: 0, futureImp: 0.2, phases: 1,
    phasing: 'Single phase.',
    post: [], waters: ['normansTrib'],
    description: 'A new single-family house on a 2.1-acre wooded lot on Lower Gregg Road. About an acre was cleared, so erosion and sediment controls were required. Complete.',
    owner: { company: 'Gregg Hollow Builders, LLC', domain: 'gregghollow', title: 'Builder' },
    parcels: 1, streets: false, start: -330, finalStab: -100, notFiled: -80, plannedStart: -335, plannedEnd: -110,
    swpppPages: 30, planSheets: 4,
  },
  {
    slug: 'curry-road-drive-through-restaurant', name: 'Curry Road Drive-Through Restaurant', road: 'curry', kind: 'minor', status: 'complete',
    nature: 'redevelopment', preUse: 'Vacant bank building and parking', postUse: 'Restaurant with drive-through',
    total: 1.2, disturbed: 0.9, maxAtOnce: 0.9, existingImp: 0.9, futureImp: 0.8, phases: 1,
    phasing: 'Single phase.',
    post: [], waters: ['ms4'],
    description: 'A fast-food restaurant with a drive-through lane replacing a vacant bank building on Curry Road. Less pavement than before. Complete.',
    owner: { company: 'Capital District Restaurant Group, Inc.', domain: 'cdrestaurants', title: 'Director of Construction' },
    parcels: 1, streets: true, start: -300, finalStab: -70, notFiled: -50, plannedStart: -305, plannedEnd: -80,
    swpppPages: 30, planSheets: 4,
  },
  {
    slug: 'rynex-corners-farm-market', name: 'Rynex Corners Farm Market and Parking', road: 'rynex', kind: 'minor', status: 'complete',
    nature: 'new_construction', preUse: 'Farm field', postUse: 'Farm market building and gravel parking',
    total: 3.0, disturbed: 0.95, maxAtOnce: 0.95, existingImp: 0.1, futureImp: 0.4, phases: 1,
    phasing: 'Single phase.',
    post: [], waters: ['plotterTrib'],
    description: 'A seasonal farm market building with gravel parking at Rynex Corners. Complete.',
    owner: { company: 'Rynex Corners Orchards, LLC', domain: 'rynexorchards', title: 'Owner' },
    parcels: 1, streets: false, start: -250, finalStab: -60, notFiled: -30, plannedStart: -255, plannedEnd: -70,
    swpppPages: 30, planSheets: 4,
  },
  // ------------------------------------------------------------------ SWPPP under review
  {
    slug: 'broadway-lofts', name: 'Broadway Lofts Redevelopment', road: 'broadway', kind: 'major', status: 'swppp_review',
    nature: 'redevelopment', preUse: 'Vacant mill building and paved yard', postUse: 'Apartments (64 units) and parking',
    total: 4.4, disturbed: 3.9, maxAtOnce: 3.9, existingImp: 3.8, futureImp: 3.0, phases: 1,
    phasing: 'Single phase: selective demolition, building renovation and a new parking lot.',
    post: ['porous asphalt parking', 'bioretention areas', 'green roof'], waters: ['ms4', 'mohawk'],
    description: 'Turning a vacant mill building on Broadway into 64 apartments, with a new parking lot. The plan removes almost an acre of old pavement and adds porous asphalt, bioretention and a green roof.',
    owner: { company: 'Broadway Mill Lofts, LLC', domain: 'broadwaymill', title: 'Development Manager' },
    parcels: 2, streets: true, plannedStart: 60, plannedEnd: 480, review: { receivedAgo: 38, mode: 'none' },
    swpppPages: 40, planSheets: 7,
  },
  {
    slug: 'sunrise-boulevard-senior-apartments', name: 'Sunrise Boulevard Senior Apartments', road: 'sunrise', kind: 'major', status: 'swppp_review',
    nature: 'new_construction', preUse: 'Wooded lot', postUse: 'Senior apartments (72 units) and parking',
    total: 6.1, disturbed: 4.6, maxAtOnce: 4.6, existingImp: 0, futureImp: 2.5, phases: 1,
    phasing: 'Single phase.',
    post: ['infiltration basin', 'bioretention areas'], waters: ['ms4', 'sandseaKill'],
    description: 'A three-story, 72-unit apartment building for seniors on Sunrise Boulevard. The officer found the first SWPPP incomplete; the developer is preparing a revised plan.',
    owner: { company: 'Sunrise Senior Living Partners, LP', domain: 'sunrisesenior', title: 'Project Manager' },
    parcels: 1, streets: true, plannedStart: 75, plannedEnd: 520, review: { receivedAgo: 27, mode: 'deficient' },
    swpppPages: 38, planSheets: 6,
  },
  {
    slug: 'altamont-avenue-fuel-station', name: 'Altamont Avenue Fuel Station and Convenience Store', road: 'altamont', kind: 'minor', status: 'swppp_review',
    nature: 'redevelopment', preUse: 'Closed auto repair shop', postUse: 'Fuel station and convenience store',
    total: 1.4, disturbed: 0.95, maxAtOnce: 0.95, existingImp: 1.0, futureImp: 0.9, phases: 1,
    phasing: 'Single phase.',
    post: [], waters: ['ms4', 'poenticKill'],
    description: 'A fuel station with six pumps and a convenience store on the site of a closed auto repair shop on Altamont Avenue. Underground tanks are replaced; the canopy drains to an oil-water separator.',
    owner: { company: 'Stewart Lane Fuel Holdings, LLC', domain: 'stewartlanefuel', title: 'Construction Manager' },
    parcels: 1, streets: true, plannedStart: 45, plannedEnd: 230, review: { receivedAgo: 22, mode: 'complete' },
    swpppPages: 30, planSheets: 4,
  },
  {
    slug: 'pattersonville-road-minor-subdivision', name: 'Pattersonville Road Four-Lot Subdivision', road: 'pattersonville', kind: 'minor', status: 'swppp_review',
    nature: 'new_construction', preUse: 'Pasture', postUse: 'Four single-family lots with shared driveway',
    total: 8.2, disturbed: 2.4, maxAtOnce: 1.2, existingImp: 0, futureImp: 0.6, phases: 2,
    phasing: 'Shared driveway first, then houses lot by lot; no more than 1.2 acres open at once.',
    post: [], waters: ['mohawk'],
    description: 'Four house lots on an 8-acre pasture on Pattersonville Road with a shared driveway. Just filed; the review has started.',
    owner: { company: 'Junction Ridge Homes, LLC', domain: 'junctionridge', title: 'Member' },
    parcels: 1, streets: false, plannedStart: 40, plannedEnd: 400, review: { receivedAgo: 3, mode: 'new' },
    swpppPages: 30, planSheets: 4,
  },
  // ------------------------------------------------------------------ approved, not started
  {
    slug: 'duanesburg-road-truck-terminal', name: 'Duanesburg Road Truck Terminal', road: 'duanesburgSouth', kind: 'major', status: 'approved',
    nature: 'new_construction', preUse: 'Farm field and woodlot', postUse: 'Truck terminal, maintenance building and trailer parking',
    total: 22.0, disturbed: 14.0, maxAtOnce: 4.8, existingImp: 0, futureImp: 9.6, phases: 3,
    phasing: 'Three phases of about 4.8 acres each, so that no more than five acres are disturbed at once; each phase is stabilized before the next is cleared.',
    post: ['wet pond', 'infiltration basin', 'vegetated filter strips'], waters: ['normansKill', 'normansTrib'],
    buffers: { watercourse: true, notes: 'A 50-foot watercourse buffer along the Normans Kill tributary on the west side stays undisturbed.' },
    description: 'A truck terminal with a maintenance building and parking for 180 trailers on Duanesburg Road near the I-88 interchange. It will be built in three phases of under five acres each. The SWPPP was approved with conditions; work has not started.',
    owner: { company: 'Mohawk Valley Freight Terminals, Inc.', domain: 'mvfreight', title: 'Vice President, Real Estate' },
    parcels: 3, streets: false, plannedStart: 18, plannedEnd: 560,
    swpppPages: 60, planSheets: 12,
  },
  {
    slug: 'thompson-street-church-parking', name: 'Grace Community Church Parking Expansion', road: 'thompson', kind: 'minor', status: 'approved',
    nature: 'redevelopment', preUse: 'Church lawn', postUse: 'Paved parking (60 spaces)',
    total: 2.6, disturbed: 0.9, maxAtOnce: 0.9, existingImp: 0.8, futureImp: 1.4, phases: 1,
    phasing: 'Single phase over about six weeks.',
    post: [], waters: ['ms4'],
    description: 'Sixty more parking spaces behind Grace Community Church on Thompson Street. Approved; the contractor has given notice that work starts next week.',
    owner: { company: 'Grace Community Church of Rotterdam, Inc.', domain: 'gracerotterdam', title: 'Trustee' },
    parcels: 1, streets: true, plannedStart: 4, plannedEnd: 50,
    swpppPages: 30, planSheets: 4,
  },
  {
    slug: 'mariaville-road-water-tank', name: 'Mariaville Road Water Storage Tank', road: 'mariaville', kind: 'minor', status: 'approved',
    nature: 'new_construction', preUse: 'Wooded hilltop', postUse: '500,000-gallon water storage tank and access drive',
    total: 3.5, disturbed: 1.4, maxAtOnce: 1.4, existingImp: 0, futureImp: 0.3, phases: 1,
    phasing: 'Single phase; tree clearing outside the bat roosting season (before April 1 or after October 31).',
    post: [], waters: ['plotterTrib'],
    description: 'A 500,000-gallon water storage tank on the hill above Mariaville Road for the town water district, with a gravel access drive. Approved; the planned start date has passed but work has not begun.',
    owner: { company: 'Town of Rotterdam Water District No. 5', domain: 'rotterdamny', title: 'Water Superintendent' },
    parcels: 1, streets: false, plannedStart: -6, plannedEnd: 160,
    swpppPages: 30, planSheets: 4,
  },
];
