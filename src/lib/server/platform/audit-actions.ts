/**
 * Every kind of audited change, with the words staff read at /staff/audit and on a project's history.
 * `audit()` accepts only these names, so a new kind of change is added here first (Documenso keeps its
 * audit log types the same way). The names are stored in audit_log.action: never rename one.
 */
export const AUDIT_ACTIONS = {
  // Accounts
  'user.sign_in': 'Signed in',
  'user.sign_out': 'Signed out',
  'user.sign_out_everywhere': 'Signed out on every device',
  'user.invite': 'Invited a user',
  'user.update_access': 'Changed a user’s roles or projects',
  'user.password_reset_requested': 'Asked for a password reset',
  'user.invitation_accepted': 'Accepted an invitation and set a password',
  'user.password_reset': 'Set a new password from a reset link',
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
  // Operators' filings and compliance
  'inspection.file': 'Filed an inspection report',
  'inspection.refile': 'Filed a corrected inspection report',
  'inspection.accept': 'Accepted an inspection report',
  'inspection.return': 'Returned an inspection report',
  'monthly_summary.file': 'Filed a monthly summary',
  'monthly_summary.correct': 'Filed a corrected monthly summary',
  'monthly_summary.accept': 'Accepted a monthly summary',
  'monthly_summary.return': 'Returned a monthly summary',
  'storm.record': 'Recorded a storm',
  'storm.import': 'Imported rain data',
  'compliance.settings': 'Changed the compliance settings',
  // SWPPP reviews
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
  'town_inspection.record': 'Recorded a town inspection',
  'town_inspection.schedule': 'Scheduled a town inspection',
  'town_inspection.cancel': 'Cancelled a scheduled town inspection',
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
  // Records requests
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
  'records_request.due_date_recomputed': 'Recomputed a due date after a closure',
  'closure.add': 'Closed the town for a day',
  'closure.remove': 'Reopened the town for a day',
  // Residents' alerts
  'alert.subscribe': 'Subscribed to alerts',
  'alert.confirm': 'Confirmed an alert subscription',
  'alert.unsubscribe': 'Unsubscribed from alerts',
  // Demo data
  'seed.demo': 'Loaded the demo town',
  'seed.demo_accounts': 'Made the demo accounts',
  'seed.large': 'Loaded the benchmark town',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The plain words for a stored action (a name no longer in the list is shown spelled out). */
export function auditActionWords(action: string): string {
  if (Object.hasOwn(AUDIT_ACTIONS, action)) return AUDIT_ACTIONS[action as AuditAction];
  const [entity, verb] = action.split('.');
  return `${(verb ?? action).replace(/_/g, ' ')} (${entity.replace(/_/g, ' ')})`.replace(/^./, (c) => c.toUpperCase());
}
