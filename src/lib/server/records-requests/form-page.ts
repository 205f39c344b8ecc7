/**
 * What the two records-request forms (the public one and the clerk's entry) need to render, from their
 * formState (read with echoOnSuccess: a preview is a successful action that re-renders the form): the
 * live estimate; errors beside fields; the warnings that ask the requester to confirm before sending (a
 * successful answer too, with nothing sent: decision 0107); and the one-time form key, kept across previews
 * so a final send that arrives twice is still recognised.
 */
import type { AstroGlobal } from 'astro';
import { looksLikeToken, newToken } from '#lib/server/platform/tokens.ts';
import { dbAsync } from '#lib/server/platform/db/async-session.ts';
import type { FormState } from '#lib/server/platform/forms/action-forms.ts';
import { projectChoices } from './records.ts';
import { formPreview } from './submit.ts';
import { onlineDocumentIds, onlineOnlyDocuments } from './delivery.ts';

/** What the public form asks the requester to confirm before it sends, by the box that confirms it. */
export type RequestWarnings = Partial<Record<'confirmOnlineOnly' | 'confirmDuplicate', string[]>>;

export async function requestFormPage(astro: AstroGlobal, form: FormState<unknown>) {
  const db = dbAsync();
  const posted = astro.request.method === 'POST';
  const { value, values } = form;
  const projectValue = posted ? value('project') : (astro.url.searchParams.get('project') ?? '').slice(0, 200);
  const preview = await formPreview(db, {
    project: projectValue,
    documentIds: values('documentIds'),
    reportsFrom: value('reportsFrom'),
    reportsTo: value('reportsTo'),
    freeText: value('freeText'),
    delivery: value('delivery'),
  });
  const errors = { ...form.fields };
  const data = form.data as { warnings?: RequestWarnings } | undefined;
  const warnings: RequestWarnings = data?.warnings ?? {};
  if (preview.projectError && !errors.project) errors.project = [preview.projectError];
  const formKey = looksLikeToken(value('formKey')) ? value('formKey') : newToken();
  // Documents the portal already serves get "free — download now" beside their tick box (decision 0030);
  // when only such documents are asked for electronically, the note before sending lists their links.
  const r = preview.records;
  const onlineIds = r
    ? [
        ...(await onlineDocumentIds(
          db,
          [...r.swppp, ...r.noi, ...r.summaries, ...r.other].map((d) => d.id),
        )),
      ]
    : [];
  const onlineNotice =
    warnings.confirmOnlineOnly?.length || value('confirmOnlineOnly') === 'yes'
      ? ((await onlineOnlyDocuments(db, preview.selection, preview.delivery)) ?? [])
      : [];
  /** RequestForm's props, apart from the action and the mode. */
  const formProps = {
    formKey,
    projects: await projectChoices(db),
    projectValue: preview.project?.slug ?? projectValue,
    records: preview.records,
    value,
    values: (name: string) => (name === 'documentIds' ? preview.documentIds.map(String) : values(name)),
    errors,
    warnings,
    estimate: preview.estimate,
    rates: preview.rates,
    onlineIds,
    onlineNotice,
  };
  return { value, preview, errors, warnings, formProps };
}
