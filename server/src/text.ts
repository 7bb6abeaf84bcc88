/** A boxed notice, so a one-time password stands out in terminal output. */
export function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '═'.repeat(width + 2);
  return [`╔${rule}╗`, ...lines.map((l) => `║ ${l.padEnd(width)} ║`), `╚${rule}╝`].join('\n');
}

/** A plain text table with a header row and columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
