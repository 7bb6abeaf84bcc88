import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fileLimitsQueryOptions } from '../lib/config';
import type { FileLimits, UploadTarget } from '../lib/uploads';

/** What the rich widgets need to upload: the entry (none before it exists) and its type's file limits. */
export type UploadContextValue = {
  /** null when the entry has no id yet: uploads are refused ("No cpt defined…"). */
  target: UploadTarget | null;
  /** undefined while the limits load. */
  limits: FileLimits | undefined;
};

const UploadContext = createContext<UploadContextValue>({ target: null, limits: undefined });

type UploadProviderProps = {
  /** The entry's type, whose config.json may narrow the server's limits. */
  cpt: string;
  target: UploadTarget | null;
  children: ReactNode;
};

/** Wraps an entry's form so its image, file and Markdown widgets can upload to it. */
export function UploadProvider({ cpt, target, children }: UploadProviderProps) {
  const { data } = useQuery(fileLimitsQueryOptions(cpt));
  const value = useMemo<UploadContextValue>(
    () => ({
      target,
      limits: data && {
        maxFileSize: data.file.max_file_size,
        allowedExtensions: data.file.allowed_extensions,
      },
    }),
    [target, data],
  );
  return <UploadContext.Provider value={value}>{children}</UploadContext.Provider>;
}

/** The upload target and limits of the form the widget is in. */
export function useUploads(): UploadContextValue {
  return useContext(UploadContext);
}

/** For tests and stories: a fixed context without fetching. */
export function StaticUploadProvider({
  value,
  children,
}: {
  value: UploadContextValue;
  children: ReactNode;
}) {
  return <UploadContext.Provider value={value}>{children}</UploadContext.Provider>;
}
