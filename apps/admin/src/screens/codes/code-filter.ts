/** The search of a code list: the text a code starts with and its state. */
export interface CodeFilter {
  query?: string;
  status?: 'active' | 'inactive';
}

export function codeFilterOf(query: string, state: string): CodeFilter {
  const text = query.trim();
  return {
    ...(text ? { query: text } : {}),
    ...(state === 'active' || state === 'inactive' ? { status: state } : {}),
  };
}

/** A yyyy-mm-dd date input as UTC midnight; undefined when empty, NaN when not a date. */
export function dayStart(text: string): number | undefined {
  return text.trim() === '' ? undefined : Date.parse(`${text.trim()}T00:00:00Z`);
}

/** Whole number text, or undefined when empty, null when not one. */
export function wholeOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/** CSV of rows (RFC 4180 quoting), for a spreadsheet. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (value: string) =>
    /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves a text as a file through the browser's download. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
