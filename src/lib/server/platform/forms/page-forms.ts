/**
 * A page that takes its own POST of a small form (no files): its text fields, or undefined when the body
 * is not a form (JSON, XML, garbage) so the page answers 400 instead of failing. Control characters
 * (other than tab and line breaks) refuse the form, as they do everywhere else.
 */
import { hasControlCharacters } from './control-characters.ts';

const FORM = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

export async function readPageForm(request: Request): Promise<URLSearchParams | undefined> {
  if (!FORM.test(request.headers.get('content-type') ?? '')) return undefined;
  try {
    const data = await request.formData();
    const fields = new URLSearchParams();
    for (const [k, v] of data.entries()) {
      if (typeof v !== 'string') continue;
      if (hasControlCharacters(v)) return undefined;
      fields.append(k, v);
    }
    return fields;
  } catch {
    return undefined;
  }
}
