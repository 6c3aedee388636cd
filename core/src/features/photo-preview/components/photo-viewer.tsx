import { useGesture } from '@use-gesture/react';
import { useEffect, useRef, useState } from 'react';
import type { Photo } from '../../../api/schemas/photo';
import { PREVIEW_THUMBNAIL_SIZE, pickThumbnail } from '../../photos/thumbnails';
import { MAX_ZOOM, MIN_ZOOM, clampZoom, isDoubleTap, swipeOutcome, toggledZoom } from '../gestures';
import type { SwipeOutcome } from '../gestures';

export interface PhotoViewerProps {
  /** The photo shown. */
  photo: Photo;
  /** Alternative text. */
  alt: string;
  /** A released swipe that commits (next, previous, or close on touch). */
  onSwipe: (outcome: Exclude<SwipeOutcome, null>) => void;
  /** Whether there is a previous / next photo (a swipe towards none snaps back). */
  hasPrevious: boolean;
  hasNext: boolean;
  /** Reports zoom changes (the toolbar shows zoom state). */
  onZoomChange?: (scale: number) => void;
}

/** A dblclick this soon after a touch double tap is the browser's echo of it. */
const TOGGLE_GUARD_MS = 350;

/**
 * The photo with its gestures, all through @use-gesture (spec: no hand-written pointer math):
 * pinch and double-click / double-tap zoom between 1 and 2.5, drag to pan while zoomed,
 * horizontal swipe for previous/next, swipe down on touch to close.
 */
export function PhotoViewer({
  photo,
  alt,
  onSwipe,
  hasPrevious,
  hasNext,
  onZoomChange,
}: PhotoViewerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(MIN_ZOOM);
  const [pan, setPan] = useState<[number, number]>([0, 0]);
  const [drag, setDrag] = useState<[number, number]>([0, 0]);
  const [dragging, setDragging] = useState(false);
  const panStart = useRef<[number, number]>([0, 0]);
  const lastTap = useRef<number | null>(null);
  const lastToggle = useRef(0);
  const thumb = pickThumbnail(photo, PREVIEW_THUMBNAIL_SIZE);

  // A new photo starts unzoomed and centred.
  useEffect(() => {
    setScale(MIN_ZOOM);
    setPan([0, 0]);
    setDrag([0, 0]);
  }, [photo.imageId]);

  useEffect(() => {
    onZoomChange?.(scale);
  }, [scale, onZoomChange]);

  const toggleZoom = (source: 'touch' | 'mouse', now: number) => {
    // A touch double tap may be followed by a synthesised dblclick: that one must not undo it.
    if (source === 'mouse' && now - lastToggle.current < TOGGLE_GUARD_MS) return;
    if (source === 'touch') lastToggle.current = now;
    setScale((current) => toggledZoom(current));
    setPan([0, 0]);
  };

  useGesture(
    {
      onPinch: ({ offset: [nextScale] }) => {
        const clamped = clampZoom(nextScale);
        setScale(clamped);
        if (clamped === MIN_ZOOM) setPan([0, 0]);
      },
      onDragStart: () => {
        panStart.current = pan;
      },
      onDrag: ({
        tap,
        pinching,
        cancel,
        movement,
        velocity,
        direction,
        last,
        event,
        timeStamp,
      }) => {
        if (pinching) {
          cancel();
          return;
        }
        const touch = isTouchEvent(event);
        if (tap) {
          if (touch) {
            if (isDoubleTap(lastTap.current, timeStamp)) {
              lastTap.current = null;
              toggleZoom('touch', Date.now());
            } else {
              lastTap.current = timeStamp;
            }
          }
          return;
        }
        if (scale > MIN_ZOOM) {
          setPan([panStart.current[0] + movement[0], panStart.current[1] + movement[1]]);
          return;
        }
        if (!last) {
          setDragging(true);
          setDrag([movement[0], touch ? Math.max(0, movement[1]) : 0]);
          return;
        }
        setDragging(false);
        setDrag([0, 0]);
        const node = containerRef.current;
        const outcome = swipeOutcome({
          movement,
          velocity,
          direction,
          size: {
            width: node?.clientWidth ?? window.innerWidth,
            height: node?.clientHeight ?? window.innerHeight,
          },
          allowClose: touch,
        });
        if (outcome === 'next' && !hasNext) return;
        if (outcome === 'previous' && !hasPrevious) return;
        if (outcome) onSwipe(outcome);
      },
    },
    {
      target: containerRef,
      eventOptions: { passive: false },
      drag: { filterTaps: true },
      pinch: { scaleBounds: { min: MIN_ZOOM, max: MAX_ZOOM }, from: () => [scale, 0] },
    },
  );

  const closeProgress = Math.min(1, drag[1] / ((containerRef.current?.clientHeight ?? 800) * 0.35));
  const transform =
    scale > MIN_ZOOM
      ? `translate3d(${pan[0]}px, ${pan[1]}px, 0) scale(${scale})`
      : `translate3d(${drag[0]}px, ${drag[1]}px, 0) scale(${1 - closeProgress * 0.15})`;

  return (
    <div
      ref={containerRef}
      className="preview-stage"
      data-testid="preview-stage"
      data-scale={scale}
      style={{ opacity: 1 - closeProgress * 0.5 }}
      onDoubleClick={() => toggleZoom('mouse', Date.now())}
    >
      {thumb ? (
        <img
          key={photo.imageId}
          src={thumb.url}
          alt={alt}
          width={thumb.width}
          height={thumb.height}
          draggable={false}
          className="preview-image"
          data-testid="preview-image"
          style={{ transform, transition: dragging ? 'none' : 'transform 200ms ease' }}
        />
      ) : null}
    </div>
  );
}

function isTouchEvent(event: Event): boolean {
  if ('pointerType' in event) return (event as PointerEvent).pointerType === 'touch';
  return event.type.startsWith('touch');
}
