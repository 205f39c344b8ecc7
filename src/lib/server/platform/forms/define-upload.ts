/**
 * The one way a form that carries files is taken. Files never go through Actions (they stream into the
 * file store as they arrive, checked by content), so such a form posts to its own page; the page calls
 * `receive` and only renders what comes back. An upload form is defined once, beside its domain, by:
 * the kinds of file it accepts, its file input, the domain's parser of the typed fields, and the handler
 * that stores what was accepted. Every refusal comes back the same way: each message beside its field,
 * every typed value kept, the files that arrived removed from the store (unless another record uses the
 * same bytes), and a word beside the file input that the file must be chosen again (a browser never keeps
 * a chosen file when a form is sent back).
 */
import { type Db } from '#lib/server/platform/db/async-session.ts';
import { config } from '#lib/server/platform/config.ts';
import { discardUnreferenced } from '#lib/server/platform/files/references.ts';
import {
  describeAccepted,
  receiveMultipart,
  type ReceivedFile,
  type ReceivedForm,
  type ReceiveOptions,
  type UploadKind,
} from '#lib/server/platform/files/uploads.ts';
import { fieldsOf, type Failure, type Result } from '#lib/server/platform/result.ts';
import { firstValues } from './upload-forms.ts';

/** What the parser is given: the first value of each typed field, the files of the file input, the whole form. */
export interface PostedUpload {
  values: Record<string, string>;
  files: ReceivedFile[];
  form: ReceivedForm;
}

/**
 * What the handler may use besides the parsed value: the database (its asynchronous face, decision 0080), and
 * where to name files it stores itself.
 */
export interface UploadHandling {
  dbAsync: Db;
  /** A file the handler stored itself (a generated PDF): removed with the others when the handler refuses. */
  stored: (file: { sha256: string }) => void;
}

export interface UploadDefinition<C, T, R extends object> {
  accept: readonly UploadKind[];
  /** How many files the form takes: one unless it says. */
  maxFiles?: number;
  maxFileBytes?: number;
  reencode?: ReceiveOptions['reencode'];
  /** The file input's name. */
  fileField: string;
  /** The message when the form needs a file and none came; absent when files are optional. */
  required?: string;
  /** What to choose again when a form that had files comes back ("the signed report PDF"): the sentence is made here. */
  chooseAgain: string;
  /** The domain's reading of the typed fields (and of the files, where a field decides what they must be). */
  parse: (posted: PostedUpload, context: C) => Result<{ value: T }> | Promise<Result<{ value: T }>>;
  /** Stores what was accepted; a refusal comes back beside its fields like the parser's. */
  handle: (value: T, files: ReceivedFile[], context: C, handling: UploadHandling) => Result<R> | Promise<Result<R>>;
}

/** A refused upload, for the page to render: messages by field (`_form` none), the form's message, every typed value. */
export interface RefusedUpload extends Failure {
  /** 422: the form was read and refused (the page sets it as its status). */
  status: 422;
  values: Record<string, string>;
  /** Every value posted under each name, for a field that posts several (a group of checkboxes). */
  lists: Record<string, string[]>;
  errors: Record<string, string>;
  message?: string;
}

export interface Upload<C, R extends object> {
  receive: (request: Request, db: Db, context: C) => Promise<({ ok: true } & R) | RefusedUpload>;
  /** For the file input: its `accept` attribute and hint ("PDF or JPEG photo, up to 100 MB"). */
  acceptAttribute: string;
  describe: () => string;
  /** The size limit in whole megabytes, read when the page renders (tests lower it). */
  maxMb: () => number;
}

const ACCEPT_ATTRIBUTE: Record<UploadKind, string> = {
  pdf: '.pdf,application/pdf',
  jpeg: '.jpg,.jpeg,image/jpeg',
  png: '.png,image/png',
  webp: '.webp,image/webp',
};

export function defineUpload<C, T, R extends object>(definition: UploadDefinition<C, T, R>): Upload<C, R> {
  const chooseAgain = `Choose ${definition.chooseAgain} again: a browser does not keep ${(definition.maxFiles ?? 1) > 1 ? 'chosen files' : 'a chosen file'} when a form is sent back.`;
  const maxBytes = () => definition.maxFileBytes ?? config().maxUploadBytes;
  const maxMb = () => Math.round(maxBytes() / 1024 / 1024);
  return {
    acceptAttribute: definition.accept.map((k) => ACCEPT_ATTRIBUTE[k]).join(','),
    maxMb,
    describe: () => `${describeAccepted([...definition.accept])}, up to ${maxMb()} MB`,
    async receive(request, db, context) {
      const form = await receiveMultipart(request, {
        accept: [...definition.accept],
        maxFiles: definition.maxFiles ?? 1,
        maxFileBytes: definition.maxFileBytes,
        reencode: definition.reencode,
      });
      const values = firstValues(form);
      const files = form.files.filter((f) => f.field === definition.fileField);
      const parsed = await definition.parse({ values, files, form }, context);
      const errors: Record<string, string> = parsed.ok ? {} : { ...fieldsOf(parsed) };
      // A typed field refused as it arrived (control characters) keeps its message beside it; a rejected file
      // (wrong kind, too large, a broken PDF) is said beside the file input, whatever name it was sent under.
      const fileErrors: string[] = [];
      for (const [name, refusal] of Object.entries(form.errors)) {
        if (name === '_form') continue;
        if (Object.hasOwn(form.fields, name)) errors[name] = refusal;
        else fileErrors.push(refusal);
      }
      if (fileErrors.length) errors[definition.fileField] = fileErrors.join(' ');
      // A form refused whole as it arrived (control characters, a body cut short) kept none of its files.
      else if (definition.required && files.length === 0 && !errors[definition.fileField])
        errors[definition.fileField] = form.errors._form ? chooseAgain : definition.required;
      // A broken upload is refused whole, even when every field parsed.
      let message: string | undefined = form.errors._form ?? (parsed.ok ? undefined : parsed.message);
      const stored: Array<{ sha256: string }> = [...form.files];
      if (parsed.ok && !message && Object.keys(errors).length === 0) {
        const result = await definition.handle(parsed.value, files, context, {
          dbAsync: db,
          stored: (f) => stored.push(f),
        });
        if (result.ok) return result;
        Object.assign(errors, fieldsOf(result));
        message = result.message;
      }
      if (errors._form) {
        message ??= errors._form;
        delete errors._form;
      }
      await discardUnreferenced(db, stored);
      if (files.length && !errors[definition.fileField]) errors[definition.fileField] = chooseAgain;
      return { ok: false, status: 422, values, lists: form.fields, errors, message };
    },
  };
}
