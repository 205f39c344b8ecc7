/**
 * A text file as uploaded (a CSV list, an ordinance in plain text or Markdown), checked by its content:
 * no known binary type (a workbook, a PDF, an image), at most `maxBytes`, read as UTF-8 (or Windows-1252,
 * as older spreadsheets save). Returns the text or a sentence for the field.
 */
import { fileTypeFromBuffer } from 'file-type';

export async function uploadedText(
  file: File,
  maxBytes: number,
  words: { tooLarge: string; notText: (ext: string) => string },
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > maxBytes) return { ok: false, message: words.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes);
  if (type) return { ok: false, message: words.notText(type.ext.toUpperCase()) };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: true, text: new TextDecoder('windows-1252').decode(bytes) };
  }
}
