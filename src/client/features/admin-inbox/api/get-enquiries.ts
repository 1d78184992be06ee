/**
 * GET /api/admin/enquiries?type=&limit=&before=: the public forms' submissions, newest first, a page
 * at a time ("Load more" asks for the page before the last id seen).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EnquiriesPage } from '@shared/schemas/admin/inbox';
import type { EnquiryType } from '@shared/schemas/public-forms';
import { apiJson } from '@client/lib/api';

export const ENQUIRIES_PAGE_SIZE = 20;

export function getEnquiries(type: EnquiryType | null, before: number | null): Promise<EnquiriesPage> {
  const query = new URLSearchParams({ limit: String(ENQUIRIES_PAGE_SIZE) });
  if (type) query.set('type', type);
  if (before !== null) query.set('before', String(before));
  return apiJson<EnquiriesPage>(`/api/admin/enquiries?${query}`);
}

export const enquiriesQueryOptions = (type: EnquiryType | null) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'enquiries', { type }] as const,
    queryFn: ({ pageParam }) => getEnquiries(type, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });

export const useEnquiries = (type: EnquiryType | null) => useInfiniteQuery(enquiriesQueryOptions(type));
