// Types of bundle-budget.mjs, for the web app's Vite config and its budget test.
import type { Plugin } from 'vite';

export type BudgetResult = {
  /** First-load gzip KB. */
  kb: number;
  /** The ceiling the test enforces. */
  budget_kb: number;
  /** DESIGN.md's figure. */
  design_kb: number;
  files: number;
  /** The KB each part adds: the entry's closure first, then each module's. */
  parts: Record<string, number>;
};
export type BudgetName = 'home' | 'create' | 'edit' | 'powWorker';

export const WEB_DIST: string;
export const WEB_SOURCES: string[];
export const BUDGETS: Record<BudgetName, { kb: number; design: number; modules?: string[]; worker?: RegExp }>;
export function measureBudgets(dist?: string): Record<BudgetName, BudgetResult>;
export function formatBudgets(result: Record<string, BudgetResult>): string;
export function isBuildFresh(dist?: string): boolean;
export function bundleBudgetReport(): Plugin;
