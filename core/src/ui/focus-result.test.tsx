import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstField, focusResult, pageHeading, useFocusOnResult } from './focus-result';

// jsdom lays nothing out: every element counts as shown unless it (or a parent) is `hidden`, and
// scrolling is a spy.
const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    const shown = !this.closest('[hidden]');
    return (shown ? [new DOMRect(0, 0, 10, 10)] : []) as unknown as DOMRectList;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('focusResult', () => {
  it('makes a message focusable without adding it to the Tab order, focuses it and scrolls to it', () => {
    render(<div role="status">Sent</div>);
    const message = screen.getByRole('status');
    expect(focusResult(message)).toBe(true);
    expect(message).toHaveFocus();
    expect(message).toHaveAttribute('tabindex', '-1');
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
  });

  it('scrolls new content to the top when asked to', () => {
    render(<h1>Saved projects</h1>);
    focusResult(screen.getByRole('heading'), { scroll: 'start' });
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start', inline: 'nearest' });
  });

  it('never focuses a disabled button, a detached element or nothing', () => {
    render(
      <>
        <button type="button">Before</button>
        <button type="button" disabled>
          Next
        </button>
        <button type="button" aria-disabled="true">
          Previous
        </button>
      </>,
    );
    screen.getByRole('button', { name: 'Before' }).focus();
    expect(focusResult(screen.getByRole('button', { name: 'Next' }))).toBe(false);
    expect(focusResult(screen.getByRole('button', { name: 'Previous' }))).toBe(false);
    expect(focusResult(document.createElement('div'))).toBe(false);
    expect(focusResult(null)).toBe(false);
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('leaves a focusable element its own tabindex', () => {
    render(<button type="button">Change delivery address</button>);
    const button = screen.getByRole('button');
    focusResult(button);
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('tabindex');
  });
});

describe('pageHeading and firstField', () => {
  it("finds the first shown h1 of the element's main, else main", () => {
    render(
      <main id="main" tabIndex={-1}>
        <div hidden>
          <h1>Account</h1>
        </div>
        <h1>My orders</h1>
        <nav aria-label="Pages">
          <button type="button">Next</button>
        </nav>
      </main>,
    );
    expect(pageHeading(screen.getByRole('button'))).toBe(
      screen.getByRole('heading', { name: 'My orders' }),
    );
    expect(pageHeading()).toBe(screen.getByRole('heading', { name: 'My orders' }));
  });

  it('falls back to main when the page has no heading', () => {
    render(<main id="main">content</main>);
    expect(pageHeading()).toBe(screen.getByRole('main'));
  });

  it("takes a page's first h1 when it has no main, and nothing when it has neither", () => {
    const { unmount } = render(
      <div>
        <h1>Success!</h1>
      </div>,
    );
    expect(pageHeading()).toBe(screen.getByRole('heading', { name: 'Success!' }));
    unmount();
    render(<p>Nothing here</p>);
    expect(pageHeading()).toBeNull();
  });

  it("finds a form's first field: the checked radio of a group, nothing disabled or read-only", () => {
    render(
      <form aria-label="Address">
        <input type="hidden" name="id" />
        <input type="radio" name="type" value="Home" aria-label="Home" />
        <input type="radio" name="type" value="Pickup" aria-label="Pickup" defaultChecked />
        <input aria-label="Country" readOnly />
        <input aria-label="First name" />
      </form>,
    );
    expect(firstField(screen.getByRole('form'))).toBe(
      screen.getByRole('radio', { name: 'Pickup' }),
    );
  });

  it('skips disabled and read-only fields', () => {
    render(
      <form aria-label="Email">
        <input aria-label="Current" readOnly />
        <input aria-label="Old" disabled />
        <input aria-label="New e-mail address" />
      </form>,
    );
    expect(firstField(screen.getByRole('form'))).toBe(screen.getByLabelText('New e-mail address'));
  });
});

/** A form whose answer replaces the button that sent it (as the e-mail and share forms do). */
function SendForm({ answer }: { answer: 'sent' | 'failed' }) {
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);
  const [attempts, setAttempts] = useState(0);
  const message = useRef<HTMLDivElement>(null);
  useFocusOnResult(message, result === null ? null : `${result}:${attempts}`);
  return (
    <>
      <input aria-label="E-mail" />
      {result === 'sent' ? (
        <div ref={message} role="status">
          Sent
        </div>
      ) : (
        <>
          {result === 'failed' ? (
            <div ref={message} role="alert">
              Failed
            </div>
          ) : null}
          <button
            type="button"
            onClick={() => {
              setResult(answer);
              setAttempts((count) => count + 1);
            }}
          >
            Send
          </button>
        </>
      )}
    </>
  );
}

describe('useFocusOnResult', () => {
  it('leaves focus alone on the first render without a result', () => {
    render(<SendForm answer="sent" />);
    expect(document.body).toHaveFocus();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('moves focus to the answer that replaced the button (not to the page body)', () => {
    render(<SendForm answer="sent" />);
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('moves focus to a failure each time it comes again', () => {
    render(<SendForm answer="failed" />);
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(send);
    expect(screen.getByRole('alert')).toHaveFocus();
    send.focus();
    fireEvent.click(send);
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  it('focuses a message that mounts already holding its result', () => {
    function Notice() {
      const self = useRef<HTMLDivElement>(null);
      useFocusOnResult(self, 'shown');
      return (
        <div ref={self} role="status">
          Saved
        </div>
      );
    }
    render(<Notice />);
    expect(screen.getByRole('status')).toHaveFocus();
  });
});
