import { useState } from 'react';
import { BOOK_PAGE_SIZE_DEFAULT, BOOK_PAGE_SIZES } from '@fst/shared/constants';

export type LibraryPaging = { page: number; perPage: number };

export const DEFAULT_PAGING: LibraryPaging = { page: 1, perPage: BOOK_PAGE_SIZE_DEFAULT };

/** A page size from a link or a form: one of 15, 25, 50, else the default. */
export function pageSizeOrDefault(value: unknown): number {
  const size = Number(value);
  return (BOOK_PAGE_SIZES as readonly number[]).includes(size) ? size : BOOK_PAGE_SIZE_DEFAULT;
}

/** A page number from a link: a whole number of at least 1, else 1. */
export function pageOrFirst(value: unknown): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Paging kept in the component (the dashboards); the /book page keeps it in the address instead. */
export function useLocalPaging(initial: LibraryPaging = DEFAULT_PAGING) {
  return useState<LibraryPaging>(initial);
}
