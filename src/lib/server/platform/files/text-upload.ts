/**
 * A text file as uploaded (a CSV list, an ordinance in plain text or Markdown), checked by its content:
 * no known binary type (a workbook, a PDF, an image), at most `maxBytes`, read as UTF-8 (or Windows-1252,
 * as older spreadsheets save). Returns the text or a sentence for the field.
 */
import { fileTypeFromBuffer } from 'file-type';
import { fail, type Refusal, type Result } from '#lib/server/platform/result.ts';

export async function uploadedText(
  file: File,
  maxBytes: number,
  words: { tooLarge: string; notText: (ext: string) => string },
): Promise<Result<{ text: string }, Refusal>> {
  if (file.size > maxBytes) return fail(words.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes);
  if (type) return fail(words.notText(type.ext.toUpperCase()));
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: true, text: new TextDecoder('windows-1252').decode(bytes) };
  }
}
