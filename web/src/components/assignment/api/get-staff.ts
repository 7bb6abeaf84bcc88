import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { StaffList, StaffMember } from '../../../lib/contract';
import { adminKeys } from '../../../lib/query-keys';

/** `GET admin/staff`: every mod and admin, by name; whom an entry can be assigned to. */
export async function getStaff(): Promise<StaffMember[]> {
  return (await apiFetch<StaffList>('admin/staff')).data.staff;
}

export const staffQueryOptions = queryOptions({ queryKey: adminKeys.staff(), queryFn: getStaff });

export function useStaff() {
  return useQuery(staffQueryOptions);
}
