// CSV of what a table shows (RFC 4180), for spreadsheets. Cells a
// spreadsheet would run as a formula (=, +, -, @ first, as borrowers' text
// may be) get a leading apostrophe.

export type Cell = string | number | boolean | null | undefined;

function cell(value: Cell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves `csv` as a file; the byte-order mark lets spreadsheets read it as UTF-8 (₱, ñ). */
export function downloadCsv(fileName: string, csv: string): void {
  download(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

/** Saves `blob` as a file named `fileName`. */
export function download(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `name-YYYYMMDD-HHmm.csv`, local time. */
export function csvName(name: string, at: Date = new Date()): string {
  return datedName(name, 'csv', at);
}

/** `name-YYYYMMDD-HHmm.extension`, local time. */
export function datedName(name: string, extension: string, at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${name}-${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.${extension}`;
}
