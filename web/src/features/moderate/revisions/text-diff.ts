import { diffArrays, diffWordsWithSpace } from 'diff';

// The word-level difference of two texts (plain or Markdown), and of two revisions field by field.
// Texts are compared in Unicode NFC, so an umlaut typed as one character and as a letter with a
// combining mark is the same word. Paragraphs are matched first: one that moved elsewhere whole is
// removed at its old place and added at its new one (marked moved) instead of tearing up the words
// around it; the words of the paragraphs that changed in place are compared then.

export type DiffSegment = {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** A whole paragraph that stands at another place in the other text. */
  moved?: boolean;
};

/** Paragraphs with the blank lines after them, so the pieces put together are the text again. */
function paragraphs(text: string): string[] {
  if (text === '') return [];
  const parts = text.split(/(\n[ \t]*\n\s*)/);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const unit = (parts[i] ?? '') + (parts[i + 1] ?? '');
    if (unit !== '') out.push(unit);
  }
  return out;
}

const key = (unit: string) => unit.trimEnd();

function push(out: DiffSegment[], segment: DiffSegment): void {
  if (segment.text === '') return;
  const last = out[out.length - 1];
  if (last && last.kind === segment.kind && !last.moved && !segment.moved) last.text += segment.text;
  else out.push({ ...segment });
}

/** The changes that turn `before` into `after`, word by word; unchanged text is `same`. */
export function diffText(before: string, after: string): DiffSegment[] {
  const a = paragraphs(before.normalize('NFC'));
  const b = paragraphs(after.normalize('NFC'));
  const changes = diffArrays(a, b, { comparator: (x, y) => key(x) === key(y) });
  const removedKeys = new Set(changes.filter((c) => c.removed).flatMap((c) => c.value.map(key)));
  const addedKeys = new Set(changes.filter((c) => c.added).flatMap((c) => c.value.map(key)));
  const isMoved = (unit: string) =>
    key(unit).trim() !== '' && removedKeys.has(key(unit)) && addedKeys.has(key(unit));

  const out: DiffSegment[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  // A moved paragraph keeps its place among the words compared around it: its offset in the text
  // of the paragraphs that did not move.
  const placed = (units: string[]) => {
    const rest: string[] = [];
    const moved: { offset: number; unit: string }[] = [];
    let offset = 0;
    for (const unit of units) {
      if (isMoved(unit)) moved.push({ offset, unit });
      else {
        rest.push(unit);
        offset += unit.length;
      }
    }
    return { text: rest.join(''), moved };
  };
  const flush = () => {
    const old = placed(removed);
    const next = placed(added);
    let oldPos = 0;
    let newPos = 0;
    for (const part of diffWordsWithSpace(old.text, next.text)) {
      const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
      let text = part.value;
      for (;;) {
        const first = old.moved[0];
        const second = next.moved[0];
        const toOld = kind !== 'added' && first ? first.offset - oldPos : Infinity;
        const toNew = kind !== 'removed' && second ? second.offset - newPos : Infinity;
        const cut = Math.min(toOld, toNew);
        if (cut > text.length) break;
        push(out, { kind, text: text.slice(0, cut) });
        if (kind !== 'added') oldPos += cut;
        if (kind !== 'removed') newPos += cut;
        text = text.slice(cut);
        const unit = toOld <= toNew ? old.moved.shift() : next.moved.shift();
        push(out, { kind: toOld <= toNew ? 'removed' : 'added', text: unit?.unit ?? '', moved: true });
      }
      push(out, { kind, text });
      if (kind !== 'added') oldPos += text.length;
      if (kind !== 'removed') newPos += text.length;
    }
    for (const { unit } of old.moved) push(out, { kind: 'removed', text: unit, moved: true });
    for (const { unit } of next.moved) push(out, { kind: 'added', text: unit, moved: true });
    removed = [];
    added = [];
  };
  for (const change of changes) {
    if (change.removed) removed.push(...change.value);
    else if (change.added) added.push(...change.value);
    else {
      flush();
      push(out, { kind: 'same', text: change.value.join('') });
    }
  }
  flush();
  return out;
}

/** Whether a diff has any change. */
export const hasChanges = (segments: DiffSegment[]) => segments.some((s) => s.kind !== 'same');

/** A field's value as text: lists one item a line, other values as JSON, nothing as empty. */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(fieldText).join('\n');
  return JSON.stringify(value);
}

/** What a diff of two revisions compares: title, Markdown content and the type's other fields. */
export type RevisionFields = { title: string; content: string; fields: Record<string, unknown> };

export type FieldDiff = { name: string; segments: DiffSegment[]; changed: boolean };

/**
 * Every field of two revisions with its diff: title, content, then the fields in `order` (the type's
 * form order), then any other field either revision has, by name; values as `shown` words them.
 */
export function diffRevisions(
  before: RevisionFields,
  after: RevisionFields,
  order: string[] = [],
  /** A stored value (or one item of a list) as people see it: a choice's or a tag's text. */
  shown: (name: string, value: unknown) => unknown = (_name, value) => value,
): FieldDiff[] {
  const others = [...new Set([...Object.keys(before.fields), ...Object.keys(after.fields)])].filter(
    (name) => name !== 'title' && name !== 'content',
  );
  const names = [
    'title',
    'content',
    ...order.filter((name) => others.includes(name)),
    ...others.filter((name) => !order.includes(name)).sort(),
  ];
  const valueOf = (revision: RevisionFields, name: string): unknown => {
    if (name === 'title') return revision.title;
    if (name === 'content') return revision.content;
    const value = revision.fields[name];
    if (value === undefined || value === null) return value;
    return Array.isArray(value) ? value.map((item) => shown(name, item)) : shown(name, value);
  };
  return names.map((name) => {
    const segments = diffText(fieldText(valueOf(before, name)), fieldText(valueOf(after, name)));
    return { name, segments, changed: hasChanges(segments) };
  });
}
