import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  indexAtFraction,
  isScrubberKey,
  monthStarts,
  scrubberKeyTarget,
  yearMarks,
} from '../date-scrubber';
import type { ScrubberMonth } from '../date-scrubber';
import { isUnknownDate } from '../../photos/month-sections';
import classes from './date-scrubber.module.css';

export interface DateScrubberProps {
  /** The timeline's sections in display order. */
  months: readonly ScrubberMonth[];
  /** Each section's height in px (the virtualizer's sizes). */
  sizes: readonly number[];
  /** The list's top in the document (px). */
  listTop: number;
  /** The section at the top of the screen now. */
  currentIndex: number;
  labelFor: (year: number, month: number) => string;
  /** Lands section `index`'s header at the top of the screen and loads its photos at once. */
  onJump: (index: number) => void;
}

/** Rail space kept free of year labels between two of them, in px. */
const YEAR_LABEL_GAP_PX = 18;
/** The rail's distance from the top of the screen once the list's top scrolled past (CSS). */
const RAIL_TOP_PX = 8;
/** The phone's handle stays this long after the last scroll or touch. */
const PHONE_HANDLE_MS = 1500;
/** Scroll events from a jump this recent do not move the slider's value. */
const JUMP_SETTLE_MS = 600;

/**
 * The date scrubber beside the month timeline (docs/product.md#screens, as Google Photos and
 * Immich): years along the rail and a tick per month, each at its share of the timeline's
 * height; a handle that follows the scroll position. Dragging scrolls with it and shows the
 * month under the handle; releasing or clicking lands that month's header at the top. The handle
 * is a slider for keyboards and screen readers: Up/Down one month, PageUp/PageDown a year,
 * Home/End newest and oldest. On phones the rail is a thin edge whose handle shows while the
 * page scrolls or is touched (the tiles' select checks are on their left).
 */
export function DateScrubber({
  months,
  sizes,
  listTop,
  currentIndex,
  labelFor,
  onJump,
}: DateScrubberProps) {
  const { t } = useTranslation();
  const railRef = useRef<HTMLDivElement>(null);
  const asideRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const [railHeight, setRailHeight] = useState(0);
  const starts = useMemo(() => monthStarts(sizes), [sizes]);
  const total = useMemo(() => sizes.reduce((sum, size) => sum + size, 0), [sizes]);
  const marks = useMemo(
    () => yearMarks(months, starts, railHeight > 0 ? YEAR_LABEL_GAP_PX / railHeight : 0.05),
    [months, starts, railHeight],
  );
  const ticks = useMemo(
    () => starts.map((start) => `M0 ${(start * 1000).toFixed(1)}h1`).join(''),
    [starts],
  );

  /** The month the slider names: the one on screen, or the last key's target while it lands. */
  const [value, setValue] = useState(currentIndex);
  const jumpedAt = useRef(0);
  useEffect(() => {
    if (performance.now() - jumpedAt.current > JUMP_SETTLE_MS) setValue(currentIndex);
  }, [currentIndex]);

  /** Dragging or hovering: the fraction of the rail under the pointer. */
  const [pointer, setPointer] = useState<{ fraction: number; dragging: boolean } | null>(null);
  const dragging = pointer?.dragging ?? false;
  const draggingRef = useRef(false);
  draggingRef.current = dragging;

  // The handle follows the scroll position and the rail fills the screen below the list's top:
  // written to the DOM on scroll, without a React render per scroll event.
  const geometry = useRef({ listTop, total });
  geometry.current = { listTop, total };
  useEffect(() => {
    let hideTimer = 0;
    const place = () => {
      const rail = railRef.current;
      if (!rail) return;
      const { listTop: offset, total: size } = geometry.current;
      // The rail's column starts with the list: its top on screen without a layout read.
      const top = Math.max(offset - window.scrollY, RAIL_TOP_PX);
      const height = Math.max(window.innerHeight - top - 16, 0);
      rail.style.height = `${height}px`;
      setRailHeight((previous) => (Math.abs(previous - height) > 24 ? height : previous));
      if (draggingRef.current) return;
      const fraction = size > 0 ? (window.scrollY - offset) / size : 0;
      placeHandle(Math.min(Math.max(fraction, 0), 1));
    };
    const onScroll = () => {
      place();
      const aside = asideRef.current;
      if (!aside) return;
      aside.dataset.active = 'true';
      window.clearTimeout(hideTimer);
      hideTimer = window.setTimeout(() => {
        if (!draggingRef.current) delete aside.dataset.active;
      }, PHONE_HANDLE_MS);
    };
    place();
    window.addEventListener('scroll', onScroll, { passive: true });
    // A touch shows the phone's handle too, before the page moves.
    window.addEventListener('touchstart', onScroll, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.clearTimeout(hideTimer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('touchstart', onScroll);
      window.removeEventListener('resize', place);
    };
  }, [total, listTop]);

  const placeHandle = (fraction: number) => {
    const handle = handleRef.current;
    if (handle) handle.style.top = `${(fraction * 100).toFixed(3)}%`;
  };

  const fractionAt = (clientY: number) => {
    const rect = railRef.current?.getBoundingClientRect();
    if (!rect || rect.height <= 0) return 0;
    return Math.min(Math.max((clientY - rect.top) / rect.height, 0), 1);
  };

  const jump = (index: number) => {
    if (index < 0) return;
    jumpedAt.current = performance.now();
    setValue(index);
    placeHandle(starts[index] ?? 0);
    onJump(index);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const fraction = fractionAt(event.clientY);
    setPointer({ fraction, dragging: true });
    placeHandle(fraction);
    window.scrollTo({ top: listTop + fraction * total });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const fraction = fractionAt(event.clientY);
    setPointer({ fraction, dragging });
    if (!dragging) return;
    placeHandle(fraction);
    window.scrollTo({ top: listTop + fraction * total });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    setPointer(
      event.pointerType === 'mouse' ? { fraction: pointer!.fraction, dragging: false } : null,
    );
    jump(indexAtFraction(starts, fractionAt(event.clientY)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isScrubberKey(event.key)) return;
    event.preventDefault();
    // The label follows the keys, not where the mouse rests.
    setPointer(null);
    jump(scrubberKeyTarget(months, value, event.key));
  };

  const [focused, setFocused] = useState(false);
  const labelIndex = pointer ? indexAtFraction(starts, pointer.fraction) : value;
  const labelFraction = pointer ? pointer.fraction : (starts[value] ?? 0);
  const labelMonth = months[labelIndex];
  const valueMonth = months[value];
  const valueText = valueMonth ? labelFor(valueMonth.year, valueMonth.month) : '';

  return (
    <div
      ref={asideRef}
      className={classes.aside}
      data-dragging={dragging || undefined}
      data-testid="date-scrubber"
    >
      <div
        ref={railRef}
        className={classes.rail}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setPointer(null)}
        onPointerLeave={() => {
          if (!dragging) setPointer(null);
        }}
      >
        <svg
          className={classes.ticks}
          viewBox="0 0 1 1000"
          preserveAspectRatio="none"
          aria-hidden
          focusable="false"
        >
          <path d={ticks} />
        </svg>
        {marks.map((mark) => (
          <span
            key={mark.year}
            className={classes.year}
            style={{ top: `${(mark.fraction * 100).toFixed(3)}%` }}
            aria-hidden
          >
            {isUnknownDate(mark.year, months[mark.index]!.month) ? '?' : mark.year}
          </span>
        ))}
        <div
          ref={handleRef}
          className={classes.handle}
          role="slider"
          tabIndex={0}
          aria-label={t('photos.timeline.scrubberLabel')}
          aria-orientation="vertical"
          aria-valuemin={0}
          aria-valuemax={Math.max(months.length - 1, 0)}
          aria-valuenow={value}
          aria-valuetext={valueText}
          onKeyDown={onKeyDown}
          onFocus={(event) => setFocused(event.currentTarget.matches(':focus-visible'))}
          onBlur={() => setFocused(false)}
        >
          <span className={classes.grip} aria-hidden />
        </div>
        {labelMonth && (pointer || focused) ? (
          <span
            className={classes.label}
            style={{ top: `${(labelFraction * 100).toFixed(3)}%` }}
            aria-hidden
          >
            {labelFor(labelMonth.year, labelMonth.month)}
          </span>
        ) : null}
      </div>
    </div>
  );
}
