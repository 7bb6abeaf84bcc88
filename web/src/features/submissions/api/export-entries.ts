import { EXPORT_COUNT_HEADER, type ExportFormat } from '@einwurf/contract';
import { apiRequest } from '../../../lib/api-client';

export type ExportFilter = { format: ExportFormat; type: string | null; state: string | null };
/** How far a download has come: entries received so far and, when the server said, how many come. */
export type ExportProgress = { entries: number; bytes: number; total: number | null };
export type ExportFile = { blob: Blob; fileName: string; entries: number };

const LF = 0x0a;
const QUOTE = 0x22;

/**
 * Counts the entries in a download as its bytes arrive: JSON Lines has one per line; CSV one per
 * record, whose line breaks inside quoted cells do not count (a doubled quote toggles twice), less
 * the header row. UTF-8 never puts these bytes inside a multi-byte character, so chunks split anywhere.
 */
export function createEntryCounter(format: ExportFormat) {
  let inQuotes = false;
  let records = 0;
  return {
    add(chunk: Uint8Array): void {
      for (const byte of chunk) {
        if (byte === QUOTE && format === 'csv') inQuotes = !inQuotes;
        else if (byte === LF && !inQuotes) records += 1;
      }
    },
    get entries(): number {
      return format === 'csv' ? Math.max(0, records - 1) : records;
    },
  };
}

function fileNameOf(response: Response, format: ExportFormat): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `einwurf-entries.${format}`;
}

/** The query of `GET admin/collection/export` for a format and the submissions list's filters. */
export function exportPath({ format, type, state }: ExportFilter): string {
  const query = new URLSearchParams({ format });
  if (type) query.set('type', type);
  if (state) query.set('state', state);
  return `admin/collection/export?${query.toString()}`;
}

/**
 * `GET admin/collection/export`: reads the streamed download chunk by chunk, reporting progress,
 * and answers it as a Blob to save. The signal cancels the download (the server stops reading).
 */
export async function downloadEntries(
  filter: ExportFilter,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<ExportFile> {
  const response = await apiRequest(exportPath(filter), { method: 'GET', signal });
  const totalHeader = response.headers.get(EXPORT_COUNT_HEADER);
  const total = totalHeader === null ? null : Number(totalHeader);
  const counter = createEntryCounter(filter.format);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  onProgress({ entries: 0, bytes, total });
  if (response.body !== null) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      counter.add(value);
      onProgress({ entries: counter.entries, bytes, total });
    }
  }
  return {
    blob: new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? undefined }),
    fileName: fileNameOf(response, filter.format),
    entries: counter.entries,
  };
}

/** Offers a Blob to the browser as a file download under the given name. */
export function saveFile({ blob, fileName }: ExportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
