import {
  useRouter,
  type RegisteredRouter,
  type RouteApi,
  type RouteById,
  type RouteIds,
} from '@tanstack/react-router';
import { useCallback, useEffect, useEffectEvent } from 'react';
import type { Page } from '@/api/paging';
import { COLUMNS_PARAM } from './saved-views';

/** The search parameters a route declares (its validateSearch result). */
export type RouteSearch<TId extends RouteIds<RegisteredRouter['routeTree']>> = RouteById<
  RegisteredRouter['routeTree'],
  TId
>['types']['fullSearchSchema'];

/**
 * What a list page reads its filters and paging from: its route (from `getRouteApi`), typed by the
 * route's own search parameters so a misspelt filter does not compile.
 */
export type ListRouteApi<TId extends RouteIds<RegisteredRouter['routeTree']>> = RouteApi<
  TId,
  RegisteredRouter
>;

/** The two hooks of a route this file uses, as plain functions of the route's search. */
interface ListRoute<Search> {
  useSearch: () => Search;
  useNavigate: () => (options: {
    // NoInfer: the search type comes from useSearch; navigate only has to accept it.
    search: (previous: NoInfer<Search>) => NoInfer<Search>;
    replace?: boolean;
  }) => Promise<void>;
}

/** Where in the URL one list keeps its page (1-based) and page size. */
export interface ListPagingKeys<Search> {
  page: keyof Search & string;
  pageSize: keyof Search & string;
}

export interface ListUrl<Search> {
  search: Search;
  /**
   * Changes filters in the URL. A filter change goes back to page 1 (the old page may not exist
   * any more), so the page key is cleared unless the change sets it.
   */
  setFilters: (changes: Partial<Search>) => void;
  /** Changes filters in place of the address (no new history entry), back to page 1. */
  replaceFilters: (changes: Partial<Search>) => void;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** Goes to a page in place of the one in the address (no new history entry). */
  replacePage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  views: ListViewsBinding;
}

/** What saved views need of the URL: the filters, and the columns a shared link carries. */
export interface ListViewsBinding {
  /** The filters in the URL, without paging. */
  filters: Record<string, unknown>;
  /** Puts a view's filters in place of the current ones (page size stays). */
  replaceFilters: (filters: Record<string, unknown>) => void;
  /** Columns from a shared link, until the list has applied them. */
  sharedColumns: string | undefined;
  clearSharedColumns: () => void;
  /** An address that opens this list with these filters and columns. */
  linkTo: (filters: Record<string, unknown>, columns: string) => string;
}

/**
 * One list's state in the URL, so a view survives a reload and can be shared: filters, page and
 * page size, under the names the page's route declares.
 */
export function useListUrl<
  TId extends RouteIds<RegisteredRouter['routeTree']>,
  Search extends object = RouteSearch<TId>,
>(
  routeApi: ListRouteApi<TId>,
  options: { keys: ListPagingKeys<NoInfer<Search>>; defaultPageSize: number },
): ListUrl<Search> {
  // The router's hooks are generic over every route; seen from one route they are these plain
  // functions of its search. One cast here keeps every list page fully typed.
  const route = routeApi as unknown as ListRoute<Search>;
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { page: pageKey, pageSize: pageSizeKey } = options.keys;

  const update = useCallback(
    (changes: Partial<Search>, replace = false) =>
      void navigate({ search: (previous) => ({ ...previous, ...changes }), replace }),
    [navigate],
  );
  const setFilters = useCallback(
    (changes: Partial<Search>) => update({ [pageKey]: undefined, ...changes }),
    [update, pageKey],
  );
  const replaceFilters = useCallback(
    (changes: Partial<Search>) => update({ [pageKey]: undefined, ...changes }, true),
    [update, pageKey],
  );
  const setPage = useCallback(
    (page: number) => update({ [pageKey]: page > 1 ? page : undefined } as Partial<Search>),
    [update, pageKey],
  );
  const replacePage = useCallback(
    (page: number) => update({ [pageKey]: page > 1 ? page : undefined } as Partial<Search>, true),
    [update, pageKey],
  );
  const setPageSize = useCallback(
    (pageSize: number) =>
      update({ [pageKey]: undefined, [pageSizeKey]: pageSize } as Partial<Search>),
    [update, pageKey, pageSizeKey],
  );

  const router = useRouter();
  const views: ListViewsBinding = {
    filters: Object.fromEntries(
      Object.entries(search).filter(
        ([key, value]) =>
          value !== undefined && key !== pageKey && key !== pageSizeKey && key !== COLUMNS_PARAM,
      ),
    ),
    replaceFilters: (filters) => {
      const pageSize = (search as Record<string, unknown>)[pageSizeKey];
      void navigate({ search: () => ({ ...filters, [pageSizeKey]: pageSize }) as Search });
    },
    sharedColumns: (() => {
      const value: unknown = (search as Record<string, unknown>)[COLUMNS_PARAM];
      return typeof value === 'string' ? value : undefined;
    })(),
    clearSharedColumns: () =>
      void navigate({
        search: (previous) => ({ ...previous, [COLUMNS_PARAM]: undefined }),
        replace: true,
      }),
    linkTo: (filters, columns) => {
      const query = router.options.stringifySearch({ ...filters, [COLUMNS_PARAM]: columns });
      const href = router.history.createHref(`${router.state.location.pathname}${query}`);
      return new URL(href, window.location.origin).toString();
    },
  };

  const read = (key: string): number | undefined => {
    const value: unknown = (search as Record<string, unknown>)[key];
    return typeof value === 'number' ? value : undefined;
  };
  return {
    search,
    setFilters,
    replaceFilters,
    page: read(pageKey) ?? 1,
    pageSize: read(pageSizeKey) ?? options.defaultPageSize,
    setPage,
    replacePage,
    setPageSize,
    views,
  };
}

/** The last page of a list, as far as its answer tells (the first when it has no total). */
function lastPageOf(answer: Page<unknown>): number {
  return answer.total === null ? 1 : Math.max(1, Math.ceil(answer.total / answer.pageSize));
}

/**
 * A page past the end (page 99 of a bookmark, or of a list that has since shrunk) moves to the last
 * page there is, in place, once the service has answered for it. Without a total, to the first.
 */
export function useStayWithinPages(
  url: Pick<ListUrl<unknown>, 'page' | 'replacePage'>,
  answer: Page<unknown> | undefined,
): void {
  const { page, replacePage } = url;
  // The answer for this very page (not the previous page's rows kept on screen), and it is empty.
  const pastTheEnd =
    !!answer && answer.items.length === 0 && answer.pageIndex === page - 1 && page > 1;
  const lastPage = answer ? lastPageOf(answer) : 1;
  useEffect(() => {
    if (pastTheEnd && lastPage < page) replacePage(lastPage);
  }, [pastTheEnd, lastPage, page, replacePage]);
}

/**
 * A filter whose choices the service lists (roles, vehicle statuses and types), which the route's
 * reader cannot know: once they have loaded, a value in the address they do not hold is no
 * filter, and `drop` takes it out of the address, as the readers drop a value outside a fixed
 * list. Until they load, the value stands. Returns the value to filter by.
 */
export function useListedChoice<T>(
  value: T | undefined,
  choices: readonly T[] | undefined,
  drop: () => void,
): T | undefined {
  const unlisted = value !== undefined && choices !== undefined && !choices.includes(value);
  const dropValue = useEffectEvent(drop);
  useEffect(() => {
    if (unlisted) dropValue();
  }, [unlisted]);
  return unlisted ? undefined : value;
}

/**
 * `useListedChoice` for a filter of several values: the ones the listed choices do not hold are
 * no filter, and `keep` writes back the rest (undefined when none is left).
 */
export function useListedChoices<T>(
  values: T[] | undefined,
  choices: readonly T[] | undefined,
  keep: (listed: T[] | undefined) => void,
): T[] | undefined {
  const listed = values && choices ? values.filter((value) => choices.includes(value)) : values;
  const unlisted = !!values && !!listed && listed.length < values.length;
  const kept = listed && listed.length > 0 ? listed : undefined;
  const keepListed = useEffectEvent(() => keep(kept));
  useEffect(() => {
    if (unlisted) keepListed();
  }, [unlisted]);
  return unlisted ? kept : values;
}
