import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import type { SortingOptions } from '../../api/schemas/paging';
import type { Photo } from '../../api/schemas/photo';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/store';
import { photosApi, useGetTimelineQuery } from '../photos/api';
import type { MonthPhotosArg } from '../photos/api';
import { buildMonthSections, monthSectionKey } from '../photos/month-sections';
import type { MonthSection } from '../photos/month-sections';
import type { PagedPhotos } from '../photos/paged-photos';

/**
 * The library preview's list when it was opened from a month of the timeline (sorted by date
 * taken): the same order as the flat list of every photo, read through the month pages instead,
 * starting at the photo's month. The flat list would be read from its first page until the photo
 * turns up, a page of 500 at a time, one after another: a photo of years ago in a large library
 * took seconds, in a library of a million minutes (docs/product.md#screens "Photo preview").
 *
 * The list holds the months from `first` to `last` (timeline order). The month before `first` is
 * loaded whole in the background and joins the list once complete, so the shown photo's previous
 * one is known at a month's start; once the shown photo is in it, the month before that loads.
 * `loadMore` reads the last month's next page, or adds the month after it.
 */
export function useMonthPagedPhotos(
  sorting: SortingOptions,
  startMonth: string | null,
  photoId: string,
): PagedPhotos<Photo> {
  const dispatch = useAppDispatch();
  const timeline = useGetTimelineQuery(undefined, { skip: startMonth === null });
  const { sortKey, sortOrder } = sorting;
  const sections = useMemo(
    () => (timeline.data ? buildMonthSections(timeline.data.timeline, sortOrder) : []),
    [timeline.data, sortOrder],
  );
  // Months by key, not index: a delete can empty a month, and the indexes after it move.
  const [range, setRange] = useState<{ first: string; last: string } | null>(null);
  const startKey = range?.first ?? startMonth;
  const first = monthIndex(sections, startKey, sortOrder);
  const last = Math.max(first, monthIndex(sections, range?.last ?? startKey, sortOrder));
  const args = useMemo(
    () =>
      sections.map((section): MonthPhotosArg => ({
        year: section.year,
        month: section.month,
        sortKey,
        sortOrder,
      })),
    [sections, sortKey, sortOrder],
  );
  // The months the list reads: the one before `first` (loading whole) and `first` to `last`.
  const from = Math.max(0, first - 1);
  const held = useMemo(
    () => (first < 0 ? [] : args.slice(from, last + 1)),
    [args, first, from, last],
  );
  useEffect(() => {
    const subscriptions = held.map((arg) =>
      dispatch(photosApi.endpoints.getMonthPhotos.initiate(arg)),
    );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [dispatch, held]);

  // One memoised selector per month, compared entry by entry: the same months' states give the
  // same array back. (An entry's `isLoading` is its request's pending, with or without data.)
  const selectMonths = useMemo(() => {
    const selectors = held.map((arg) => photosApi.endpoints.getMonthPhotos.select(arg));
    return (state: RootState) => selectors.map((select) => select(state));
  }, [held]);
  const months = useAppSelector(selectMonths, shallowEqual);
  // The next page of a month the list holds (its subscription above keeps the pages).
  const readNextPage = useCallback(
    (arg: MonthPhotosArg) =>
      void dispatch(
        photosApi.endpoints.getMonthPhotos.initiate(arg, {
          direction: 'forward',
          subscribe: false,
        }),
      ),
    [dispatch],
  );
  /** Where in `months` the photo `id` is loaded (-1: not loaded). */
  const monthHolding = useCallback(
    (id: string) =>
      months.findIndex((month) =>
        month.data?.pages.some((page) => page.images.some((photo) => photo.imageId === id)),
      ),
    [months],
  );
  const before = first > 0 ? months[0] : undefined;
  const lastMonth = months.at(-1);
  const beforeComplete =
    before?.data !== undefined && before.data.pages.at(-1)?.cursor == null && !before.isLoading;

  // The month before the list reads on to its end, a page at a time.
  const beforeArg = first > 0 ? held[0] : undefined;
  const beforeNeedsPage =
    before?.data !== undefined && before.data.pages.at(-1)?.cursor != null && !before.isLoading;
  useEffect(() => {
    if (beforeNeedsPage && beforeArg) readNextPage(beforeArg);
  }, [beforeNeedsPage, beforeArg, readNextPage]);

  const photos = useMemo(() => {
    const all: Photo[] = [];
    months.forEach((month, i) => {
      if (i === 0 && first > 0 && !beforeComplete) return;
      for (const page of month.data?.pages ?? []) all.push(...page.images);
    });
    return all;
  }, [months, first, beforeComplete]);

  // Once the shown photo is in the month before the list, that month becomes the list's first.
  const shownInBefore = beforeComplete && monthHolding(photoId) === 0;
  useEffect(() => {
    if (shownInBefore) setRange({ first: sections[from]!.key, last: sections[last]!.key });
  }, [shownInBefore, from, last, sections]);

  const lastHasPage = lastMonth?.data?.pages.at(-1)?.cursor != null;
  const hasMore = first >= 0 && (lastHasPage || last < sections.length - 1);
  const isFetchingMore =
    first >= 0 && lastMonth !== undefined && (lastMonth.isLoading || lastMonth.data === undefined);
  // Read when called, so `loadMore` stays one function for the preview's effects.
  const ends = {
    lastHasPage,
    lastArg: args[last],
    firstKey: sections[first]?.key,
    afterKey: sections[last + 1]?.key,
  };
  const next = useRef(ends);
  next.current = ends;
  const loadMore = useCallback(() => {
    const { lastHasPage: hasPage, lastArg, firstKey, afterKey } = next.current;
    if (hasPage && lastArg) readNextPage(lastArg);
    else if (afterKey && firstKey) setRange({ first: firstKey, last: afterKey });
  }, [readNextPage]);

  const startLoaded = months[first > 0 ? 1 : 0]?.data !== undefined;
  const isError = timeline.isError || months.some((month) => month.isError);
  const refetchTimeline = timeline.refetch;
  const retry = useCallback(() => {
    void refetchTimeline();
    for (const arg of held)
      void dispatch(
        photosApi.endpoints.getMonthPhotos.initiate(arg, { forceRefetch: true, subscribe: false }),
      );
  }, [dispatch, refetchTimeline, held]);

  const sectionOf = useCallback(
    (id: string) => {
      const arg = held[monthHolding(id)];
      return arg ? monthSectionKey(arg.year, arg.month) : undefined;
    },
    [monthHolding, held],
  );

  const timelineDone = timeline.data !== undefined || timeline.isError;
  return {
    photos,
    loaded: startLoaded || (timelineDone && first < 0),
    isLoading: !timelineDone || (first >= 0 && !startLoaded),
    isError,
    hasMore,
    isFetching: timeline.isFetching || months.some((month) => month.isLoading),
    isFetchingMore,
    loadMore,
    retry,
    sectionOf,
  };
}

/**
 * The index of the month `key` (`yyyy-m`) in `sections`; a month no longer there (emptied by a
 * delete) stands for the next one in the list's order. -1 when there is none.
 */
export function monthIndex(
  sections: readonly MonthSection[],
  key: string | null,
  sortOrder: SortingOptions['sortOrder'],
): number {
  if (key === null) return -1;
  const [year, month] = key.split('-').map(Number);
  if (!Number.isInteger(year) || !Number.isInteger(month)) return -1;
  const value = year! * 12 + month!;
  const index = sections.findIndex((section) => {
    const at = section.year * 12 + section.month;
    return sortOrder === 'desc' ? at <= value : at >= value;
  });
  return index;
}
