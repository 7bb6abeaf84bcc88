import { paths, type EntryRef } from '../../lib/paths';
import { ROUTER_BASE } from '../../lib/contract';

/** The absolute link an author keeps to come back to their entry (with its password). */
export function permalinkOf(entry: EntryRef, origin: string = window.location.origin): string {
  return `${origin}${ROUTER_BASE}${paths.editCPT(entry)}`;
}
