import type { EntryValidator, FieldError, ValidationMode } from '@einwurf/contract';
import { groupErrorsByScope } from './field-errors';

export type FormData = Record<string, unknown>;

/** What one field reads from the store; the same object until something of this field changes. */
export type FieldSnapshot = {
  value: unknown;
  dirty: boolean;
  /** Errors of the validator, shown once the field is dirty. */
  clientErrors: readonly FieldError[];
  /** Errors the caller passed (the server's), shown until the author changes the field. */
  serverErrors: readonly FieldError[];
};

const NO_ERRORS: readonly FieldError[] = [];

function sameErrors(a: readonly FieldError[], b: readonly FieldError[]): boolean {
  return a.length === b.length && a.every((error, i) => JSON.stringify(error) === JSON.stringify(b[i]));
}

function sameSnapshot(a: FieldSnapshot, b: FieldSnapshot): boolean {
  return (
    Object.is(a.value, b.value) &&
    a.dirty === b.dirty &&
    sameErrors(a.clientErrors, b.clientErrors) &&
    sameErrors(a.serverErrors, b.serverErrors)
  );
}

export type FormStoreOptions = {
  scopes: readonly string[];
  value: FormData;
  validator: EntryValidator;
  mode: ValidationMode;
  onChange: (value: FormData) => void;
};

/**
 * The form's state outside React, with one subscription per field: a change notifies only the fields
 * whose value, dirtiness or errors changed, so typing in one field does not re-render the others.
 */
export class FormStore {
  private readonly scopes: ReadonlySet<string>;
  private value: FormData;
  private validator: EntryValidator;
  private mode: ValidationMode;
  private readonly dirty = new Set<string>();
  private clientErrors = new Map<string, FieldError[]>();
  private serverErrors = new Map<string, FieldError[]>();
  private readonly snapshots = new Map<string, FieldSnapshot>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly subscribers = new Map<string, (listener: () => void) => () => void>();
  onChange: (value: FormData) => void;

  constructor({ scopes, value, validator, mode, onChange }: FormStoreOptions) {
    this.scopes = new Set(scopes);
    this.value = value;
    this.validator = validator;
    this.mode = mode;
    this.onChange = onChange;
    this.validate();
    this.scopes.forEach((scope) => this.snapshots.set(scope, this.buildSnapshot(scope)));
  }

  /** A stable subscribe function per field, as useSyncExternalStore wants. */
  subscriber(scope: string): (listener: () => void) => () => void {
    let subscribe = this.subscribers.get(scope);
    if (!subscribe) {
      subscribe = (listener) => {
        let set = this.listeners.get(scope);
        if (!set) this.listeners.set(scope, (set = new Set()));
        set.add(listener);
        return () => set.delete(listener);
      };
      this.subscribers.set(scope, subscribe);
    }
    return subscribe;
  }

  snapshot(scope: string): FieldSnapshot {
    let snapshot = this.snapshots.get(scope);
    if (!snapshot) this.snapshots.set(scope, (snapshot = this.buildSnapshot(scope)));
    return snapshot;
  }

  getValue(): FormData {
    return this.value;
  }

  /** The author changed a field: it becomes dirty, the caller hears of the new entry data. */
  setField(scope: string, fieldValue: unknown): void {
    const next = { ...this.value };
    if (fieldValue === undefined) delete next[scope];
    else next[scope] = fieldValue;
    this.value = next;
    this.dirty.add(scope);
    this.serverErrors.delete(scope);
    this.validate();
    this.publish();
    this.onChange(next);
  }

  /** The caller passed a value: fields that differ take it (a load or a reset); our own echo changes nothing. */
  syncValue(value: FormData): void {
    if (value === this.value) return;
    this.value = value;
    this.validate();
    this.publish();
  }

  setServerErrors(errors: readonly FieldError[]): void {
    this.serverErrors = groupErrorsByScope(errors, this.scopes);
    this.publish();
  }

  setValidation(validator: EntryValidator, mode: ValidationMode): void {
    if (validator === this.validator && mode === this.mode) return;
    this.validator = validator;
    this.mode = mode;
    this.validate();
    this.publish();
  }

  /** Marks every field dirty, so all their errors show (before proposing, say). */
  touchAll(): void {
    this.scopes.forEach((scope) => this.dirty.add(scope));
    this.publish();
  }

  private validate(): void {
    this.clientErrors = groupErrorsByScope(this.validator.validate(this.value, this.mode), this.scopes);
  }

  private buildSnapshot(scope: string): FieldSnapshot {
    return {
      value: this.value[scope],
      dirty: this.dirty.has(scope),
      clientErrors: this.clientErrors.get(scope) ?? NO_ERRORS,
      serverErrors: this.serverErrors.get(scope) ?? NO_ERRORS,
    };
  }

  private publish(): void {
    for (const scope of this.scopes) {
      const next = this.buildSnapshot(scope);
      const previous = this.snapshots.get(scope);
      if (previous && sameSnapshot(previous, next)) continue;
      this.snapshots.set(scope, next);
      this.listeners.get(scope)?.forEach((listener) => listener());
    }
  }
}
