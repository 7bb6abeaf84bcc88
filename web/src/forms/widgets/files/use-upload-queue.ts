import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile, type UploadedFile, type UploadTarget } from '../../../lib/uploads';

/** One file on its way to the server, as the list shows it. */
export type UploadInProgress = { key: number; name: string; percent: number };

type QueueCallbacks = {
  onUploaded: (file: UploadedFile) => void;
  onFailed: (error: unknown, name: string) => void;
};

/**
 * Uploads files side by side, each with its progress and its own cancel. Uploads still running when the
 * widget goes away are cancelled: nobody would add their URL to the entry.
 */
export function useUploadQueue(callbacks: QueueCallbacks) {
  const [uploads, setUploads] = useState<UploadInProgress[]>([]);
  const cancels = useRef(new Map<number, () => void>());
  const nextKey = useRef(0);
  const mounted = useRef(false);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  useEffect(() => {
    mounted.current = true;
    const running = cancels.current;
    return () => {
      mounted.current = false;
      running.forEach((cancel) => cancel());
      running.clear();
    };
  }, []);

  const start = useCallback((target: UploadTarget, file: File) => {
    const key = nextKey.current++;
    const handle = uploadFile(target, file, file.name, (fraction) => {
      if (!mounted.current) return;
      const percent = Math.round(fraction * 100);
      setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, percent } : upload)));
    });
    cancels.current.set(key, handle.cancel);
    setUploads((list) => [...list, { key, name: file.name, percent: 0 }]);
    const settle = () => {
      cancels.current.delete(key);
      if (mounted.current) setUploads((list) => list.filter((upload) => upload.key !== key));
      return mounted.current;
    };
    handle.promise.then(
      (uploaded) => {
        if (settle()) latest.current.onUploaded(uploaded);
      },
      (error: unknown) => {
        if (settle()) latest.current.onFailed(error, file.name);
      },
    );
  }, []);

  const cancel = useCallback((key: number) => cancels.current.get(key)?.(), []);
  /** How many uploads run right now, read at the moment of asking (state may lag behind). */
  const runningCount = useCallback(() => cancels.current.size, []);

  return { uploads, start, cancel, runningCount };
}
