import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';

/** Shown when the API client sent the user here after a session expired (query unauthenticated=true). */
export function SessionExpiredAlert({ message }: { message: string }) {
  const [searchParams] = useSearchParams();
  if (searchParams.get('unauthenticated') !== 'true') return null;
  return (
    <Alert color="yellow" variant="light" role="status">
      {message}
    </Alert>
  );
}
