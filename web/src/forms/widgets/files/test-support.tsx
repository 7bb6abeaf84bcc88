import { useState } from 'react';
import { vi } from 'vitest';
import { Notifications } from '@mantine/notifications';
import { createEntryValidator, type FieldError, type PropertySchema } from '@einwurf/contract';
import type { FormData as EntryData } from '../../form-store';
import { SchemaForm } from '../../schema-form';
import { element, objectSchema, renderWithForms, text } from '../../test-utils';
import { StaticUploadProvider, type UploadContextValue } from '../../upload-context';
import type { FileLimits, UploadTarget } from '../../../lib/uploads';

/**
 * A stand-in for XMLHttpRequest that records each upload and lets the test play the server: report
 * progress, answer, drop the connection. Aborting fires `abort` as a browser does.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  requestHeaders: Record<string, string> = {};
  body: globalThis.FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  private responseHeaders: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: globalThis.FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }

  /** The name of the file sent in the multipart field `file`. */
  get fileName(): string | undefined {
    const file = this.body?.get('file');
    return file instanceof File ? file.name : undefined;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  /** The connection breaks before an answer (or the server closes it on a refused upload). */
  fail() {
    this.events.dispatchEvent(new Event('error'));
  }
  respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.events.dispatchEvent(new Event('load'));
  }
}

/** Replaces XMLHttpRequest for one test; FakeXhr.sent lists the uploads in order. */
export function stubXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** The server's answer to an upload or rename. */
export function storedFile(id: string, name: string) {
  const dot = name.lastIndexOf('.');
  return {
    id,
    name,
    extension: dot > 0 ? name.slice(dot + 1) : '',
    content_type: 'application/octet-stream',
    size: 1,
    is_image: false,
    has_preview: false,
    url: `/api/v1/files/${id}/${encodeURIComponent(name)}`,
  };
}

export const TARGET: UploadTarget = { role: 'anon', entryId: 'e1' };
export const LIMITS: FileLimits = { maxFileSize: 1_000_000, allowedExtensions: ['pdf', 'txt', 'png'] };

type FilesOptions = {
  value?: string[];
  target?: UploadTarget | null;
  limits?: FileLimits | undefined;
  property?: PropertySchema;
  errors?: readonly FieldError[];
  disabled?: boolean;
};

/** Renders a form with one files field "Anhänge", an upload context and the toasts, as the editor does. */
export function renderFilesField(options: FilesOptions = {}) {
  const property = options.property ?? { type: 'array', items: { type: 'string' }, maxItems: 20 };
  const schema = objectSchema({ attachments: property });
  const uiSchema = [element({ scope: 'attachments', widget: 'files', label: text('Anhänge') })];
  const validator = createEntryValidator(schema);
  const upload: UploadContextValue = {
    target: options.target === undefined ? TARGET : options.target,
    limits: 'limits' in options ? options.limits : LIMITS,
  };
  const onChange = vi.fn<(value: EntryData) => void>();
  function Host() {
    const [value, setValue] = useState<EntryData>(
      options.value === undefined ? {} : { attachments: options.value },
    );
    return (
      <SchemaForm
        schema={schema}
        uiSchema={uiSchema}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        validator={validator}
        errors={options.errors}
        disabled={options.disabled}
      />
    );
  }
  const view = renderWithForms(
    <StaticUploadProvider value={upload}>
      <Notifications />
      <Host />
    </StaticUploadProvider>,
  );
  /** The stored value as the form emitted it last. */
  const attachments = () => onChange.mock.lastCall?.[0].attachments;
  const fileInput = () => {
    const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    return input;
  };
  return { ...view, onChange, attachments, fileInput };
}

/** A file of `size` bytes. */
export function fileOf(name: string, size = 10, type = 'application/octet-stream'): File {
  return new File([new Uint8Array(size)], name, { type });
}
