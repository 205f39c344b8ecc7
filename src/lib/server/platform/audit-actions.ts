/**
 * Every kind of audited change, with the words staff read at /staff/audit and on a project's history.
 * `audit()` accepts only these names, so a new kind of change is added here first (Documenso keeps its
 * audit log types the same way). The names are stored in audit_log.action: never rename one.
 */
import type { TownWords } from '#lib/shared/town-profile.ts';

/** The municipality's words an action may name (decision 0078): "a village inspection", "Village Hall". */
export type AuditWords = Pick<TownWords, 'kindWord' | 'hall' | 'clerk'> & {
  profile: Pick<TownWords['profile'], 'kind'>;
};

export const AUDIT_ACTIONS = {
  // Accounts
  'user.sign_in': 'Signed in',
  'user.sign_out': 'Signed out',
  'user.sign_out_everywhere': 'Signed out on every device',
  'user.invite': 'Invited a user',
  'user.first_admin': 'Created the first administrator (npm run setup)',
  'user.update_access': 'Changed a user’s roles or projects',
  'user.password_reset_requested': 'Asked for a password reset',
  'user.sign_in_link_requested': 'Asked for a one-time sign-in link',
  'user.invitation_accepted': 'Accepted an invitation and set a password',
  'user.password_reset': 'Set a new password from a reset link',
  'user.applicant_sign_up': 'Asked for an account to apply for a permit',
  'reminders.preferences': 'Chose which reminders to get by mail, and how early',
  'calendar_feed.create': 'Made a private calendar link',
  'calendar_feed.revoke': 'Revoked a private calendar link',
  'mail.retry': 'Retried a message',
  // Projects
  'project.create': 'Registered the project',
  'project.update': 'Edited the NOI record',
  'project.publish': 'Published the project',
  'project.unpublish': 'Unpublished the project',
  'project.set_operators': 'Changed the operator accounts',
  'project.close': 'Recorded the NOT and closed the project',
  'project.start_duties': 'Recorded the exemption or the pre-construction assessment',
  'project.status_by_stop_work': 'Status changed by a stop-work order',
  'party.create': 'Added a party',
  'party.update': 'Edited a party',
  'party.remove': 'Removed a party',
  'party.attach_certification': 'Attached a contractor’s signed certification',
  'receiving_water.create': 'Added a receiving water',
  'receiving_water.remove': 'Removed a receiving water',
  'document.upload': 'Attached a document',
  'document.make_public': 'Made a document public',
  'document.make_private': 'Made a document private',
  'document.accept': 'Accepted an operator’s document',
  'document.return': 'Returned an operator’s document',
  'document.publish_decision': 'Decided whether an SWPPP amendment is public',
  'guarantee.create': 'Recorded a performance guarantee',
  'guarantee.update': 'Edited a performance guarantee',
  'guarantee.release': 'Released a performance guarantee',
  // ── Permanent stormwater practices and the review escrow (decisions 0035–0037) ──
  'practice.create': 'Entered a permanent stormwater practice',
  'practice.accept_as_built': 'Accepted certified as-built plans and added the practice',
  'practice.inspect': 'Recorded an inspection of a permanent practice',
  'practice.random_draw': 'Drew practices for random inspection',
  'practice.maintenance_report': 'Filed an owner’s maintenance report',
  'practice.settings': 'Changed the routine inspection intervals',
  'practice.remove': 'Recorded that a permanent practice was removed from operation',
  'practice.update': 'Corrected a permanent practice’s record',
  'practice.agreement': 'Filed a practice’s maintenance agreement or easement',
  'escrow.deposit': 'Recorded an escrow deposit',
  'escrow.estimate': 'Recorded a professional’s estimate',
  'escrow.charge': 'Charged accepted services to the escrow',
  'escrow.top_up_request': 'Asked the applicant for a further escrow deposit',
  'escrow.refund': 'Refunded the remainder of the escrow',
  // ── end of permanent practices ──
  // Operators' filings and compliance
  'inspection.file': 'Filed an inspection report',
  'inspection.refile': 'Filed a corrected inspection report',
  'inspection.photo': 'Added a photo to an inspection report',
  'inspection.accept': 'Accepted an inspection report',
  'inspection.return': 'Returned an inspection report',
  'monthly_summary.file': 'Filed a monthly summary',
  'monthly_summary.correct': 'Filed a corrected monthly summary',
  'monthly_summary.accept': 'Accepted a monthly summary',
  'monthly_summary.return': 'Returned a monthly summary',
  'storm.record': 'Recorded a storm',
  'storm.import': 'Imported rain data',
  'compliance.settings': 'Changed the compliance settings',
  'town_profile.update': (w: AuditWords) => `Changed the ${w.profile.kind} profile`,
  'project.import': 'Imported projects from a spreadsheet',
  'ordinance_text.replace': 'Replaced the ordinance text shown to the public',
  'ordinance_text.restore': 'Restored the built-in ordinance text',
  'ordinance_text.remove': 'Removed the local law from the public law page',
  // SWPPP reviews
  'application.file': 'Filed a permit application online',
  'application.intake_complete': 'Found the application complete',
  'application.intake_incomplete': 'Told the applicant what the application lacks',
  'application.supplement': 'Added to the application what it lacked',
  'application.fee': 'Listed a fee on the application’s invoice',
  'application.payment': 'Recorded a payment of the application’s fees',
  'swppp_review.received': 'Received an SWPPP',
  'swppp_review.resubmitted': 'Received a revised SWPPP',
  'swppp_review.complete': 'Found the SWPPP complete',
  'swppp_review.deficiencies': 'Notified the applicant of deficiencies',
  'swppp_review.extended': 'Extended the review by agreement',
  'swppp_review.approved': 'Approved the SWPPP',
  'swppp_review.approved_with_conditions': 'Approved the SWPPP with conditions',
  'swppp_review.disapproved': 'Disapproved the SWPPP',
  // Enforcement, 48-hour notices, town inspections
  'inspection_notice.give': 'Recorded a 48-hour inspection notice',
  'town_inspection.photo': (w: AuditWords) => `Added a photo to a ${w.profile.kind} inspection`,
  'milestones.plan': 'Recorded the planned days of the construction schedule’s milestones',
  'town_inspection.record': (w: AuditWords) => `Recorded a ${w.profile.kind} inspection`,
  'town_inspection.schedule': (w: AuditWords) => `Scheduled a ${w.profile.kind} inspection`,
  'town_inspection.cancel': (w: AuditWords) => `Cancelled a scheduled ${w.profile.kind} inspection`,
  'violation.record': 'Recorded a violation',
  'violation.corrected': 'Recorded a violation as corrected',
  'enforcement.issue': 'Issued an enforcement action',
  'enforcement.update': 'Edited an enforcement action',
  'enforcement.evidence': 'Attached evidence to an enforcement action',
  'enforcement.comply': 'Recorded compliance with an enforcement action',
  'enforcement.escalate': 'Escalated an enforcement action',
  'enforcement.withdraw': 'Withdrew an enforcement action',
  'enforcement.close': 'Closed an enforcement action',
  'enforcement.fine_payment': 'Recorded a fine payment',
  'enforcement.fine_waived': 'Waived a fine',
  'enforcement.conviction': 'Recorded the court’s conviction and the fine it imposed',
  // Records requests
  'operator_request.create': 'Sent a records request to a site operator (L(4))',
  'operator_request.log': 'Logged a written request sent to a site operator outside the portal',
  'operator_request.offer_inspection': 'Offered the records for inspection (operator request)',
  'operator_request.provide_copies': 'Provided copies (operator request)',
  'operator_request.bill': 'Billed copying costs (operator request)',
  'operator_request.record_payment': 'Recorded a payment (operator request)',
  'operator_request.fulfil': 'Completed an operator request',
  'operator_request.withdraw': 'Withdrew an operator request',
  'operator_request.missed': 'Recorded that an operator request was not answered in five business days',
  'records_request.create': 'Received a records request',
  'records_request.acknowledge': 'Acknowledged a records request',
  'records_request.extend': 'Extended a records request',
  'records_request.attach_documents': 'Attached documents to a records request',
  'records_request.upload': 'Uploaded a file to a records request',
  'records_request.remove_item': 'Removed an item from a records request',
  'records_request.bill': 'Billed a records request',
  'records_request.void_invoice': 'Voided an invoice',
  'records_request.approve_cost': 'Recorded the requester’s approval of the cost',
  'records_request.payment': 'Recorded a payment',
  'records_request.release': 'Released records to the requester',
  'records_request.fulfill': 'Fulfilled a records request',
  'records_request.deny': 'Denied a records request',
  'records_request.withdraw': 'Recorded a records request as withdrawn',
  'records_request.note_to_requester': 'Wrote to the requester',
  'records_request.internal_note': 'Added an internal note',
  'records_request.new_tracking_link': 'Sent a new tracking link',
  'records_request.lost_links': 'Mailed a requester the links to their requests (“Lost your link?”)',
  'records_request.due_date_recomputed': 'Recomputed a due date after a closure or a change in the public holidays',
  'records_request.decide_item': 'Decided an item of a records request (granted, in part, denied)',
  'records_request.missed_deadline_notice': 'Told the requester the five business days ran out unanswered',
  'records_request.appeal': 'Received an appeal of a records request',
  'records_request.decide_appeal': 'Decided an appeal of a records request',
  'records_request.set_appeals_officer': 'Named the records appeals officer',
  'records_request.message_from_requester': (w: AuditWords) => `The requester wrote to the ${w.clerk}`,
  'records_request.message_to_requester': 'Sent a message to the requester',
  'records_request.ask_clarification': 'Asked the requester for clarification',
  'records_request.clarification_answered': 'The requester answered the clerk’s question',
  'records_request.close_duplicate': 'Closed a records request as a duplicate of another',
  'reply_template.save': 'Saved a reply template for records requests',
  'reply_template.delete': 'Deleted a reply template for records requests',
  'records_request.picked_up': (w: AuditWords) => `Recorded paper copies picked up at ${w.hall}`,
  'records_request.mailed': 'Recorded paper copies mailed to the requester',
  'denial_ground.create': 'Added a ground for withholding records',
  'denial_ground.update': 'Changed a ground for withholding records',
  'fee_schedule.create': 'Saved a copy-fee schedule',
  'closure.add': (w: AuditWords) => `Closed the ${w.profile.kind} for a day`,
  'closure.remove': (w: AuditWords) => `Reopened the ${w.profile.kind} for a day`,
  'holiday_rules.change': 'Counted with a changed table of public holidays (General Construction Law §24)',
  // Residents' alerts
  'alert.subscribe': 'Subscribed to alerts',
  'alert.confirm': 'Confirmed an alert subscription',
  'alert.unsubscribe': 'Unsubscribed from alerts',
  // Residents' reports of problems at a site (decision 0032)
  'site_report.submit': 'A resident reported a problem at a site',
  'site_report.link_project': 'Linked a resident’s report to a project',
  'site_report.status': 'Changed a resident’s report’s status',
  'site_report.inspection': (w: AuditWords) => `Recorded a ${w.profile.kind} inspection from a resident’s report`,
  'site_report.schedule_inspection': (w: AuditWords) =>
    `Scheduled a ${w.profile.kind} inspection from a resident’s report`,
  'site_report.violation': 'Recorded a violation from a resident’s report',
  'site_report.link_enforcement': 'Linked a resident’s report to an enforcement action',
  'site_report.hide': 'Hid a resident’s report',
  'site_report.unhide': 'Showed a hidden resident’s report again',
  'site_report.block': 'Blocked an address from reporting',
  'site_report.photo_approve': 'Approved a report photo for the public',
  'site_report.photo_withdraw': 'Took a report photo off the public pages',
  'site_report.follow': 'Asked to follow a resident’s report',
  'site_report.follow_confirm': 'Confirmed following a resident’s report',
  'site_report.follow_stop': 'Stopped following a resident’s report',
  'site_report.still_happening': 'A resident said the problem is still happening',
  'site_report.add': 'A resident added to a report',
  'site_report.hide_addition': 'Hid what a resident added to a report',
  'site_report_category.save': 'Edited the list of what residents can report',
  'open311_key.issue': 'Issued an Open311 API key',
  'open311_key.revoke': 'Revoked an Open311 API key',
  // Demo data
  'seed.demo': (w: AuditWords) => `Loaded the demo ${w.profile.kind}`,
  'seed.demo_accounts': 'Made the demo accounts',
  'seed.large': (w: AuditWords) => `Loaded the benchmark ${w.profile.kind}`,
} as const satisfies Record<string, string | ((w: AuditWords) => string)>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * The plain words for a stored action (a name no longer in the list is shown spelled out), in the
 * municipality's words where an action names it.
 */
export function auditActionWords(action: string, w: AuditWords): string {
  if (Object.hasOwn(AUDIT_ACTIONS, action)) {
    const words: string | ((w: AuditWords) => string) = AUDIT_ACTIONS[action as AuditAction];
    return typeof words === 'string' ? words : words(w);
  }
  const [entity, verb] = action.split('.');
  return `${(verb ?? action).replace(/_/g, ' ')} (${entity.replace(/_/g, ' ')})`.replace(/^./, (c) => c.toUpperCase());
}

/** A record named in the audit log, in words: "Records request 12", "User 1". */
export function auditRecordWords(entityType: string, entityId?: string | number | null): string {
  const type = entityType.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return entityId == null || entityId === '' ? type : `${type} ${entityId}`;
}
