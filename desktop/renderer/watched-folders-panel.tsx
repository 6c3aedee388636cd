import {
  AccordionChevron,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { DesktopTexts, WatchedFolder, WatchTarget } from '../common/ipc-contract';
import { fill } from './desktop-ui-store';
import type { WatchedFoldersUi } from './watched-folders-store';

const TARGETS: { value: WatchTarget; text: keyof DesktopTexts['watch']['target'] }[] = [
  { value: 'library', text: 'library' },
  { value: 'album', text: 'album' },
  { value: 'album-per-subfolder', text: 'albumPerSubfolder' },
];

/** Which folder a folded panel names: the one that most needs the customer. */
const ATTENTION: Record<WatchedFolder['state'], number> = {
  missing: 0,
  uploading: 1,
  paused: 2,
  watching: 3,
};

function stateText(texts: DesktopTexts['watch'], folder: WatchedFolder, locale: string): string {
  const round = { settled: folder.settled, total: folder.total };
  if (folder.state === 'uploading') return fill(texts.state.uploading, round, locale);
  // Paused with files held in the queue: how far the folder got.
  if (folder.state === 'paused' && folder.total > 0)
    return fill(texts.state.pausedAt, round, locale);
  return texts.state[folder.state];
}

/** The watched folders main last sent (null before it answered, or without a store). */
export function useWatchedFolders(watches: WatchedFoldersUi | undefined) {
  const state = useSyncExternalStore(
    watches?.subscribe ?? (() => () => {}),
    watches?.getState ?? (() => null),
  );
  return state;
}

/**
 * "Watch a folder…" and the watched folders, next to the uploads: where new photos go (library,
 * the folder's album, an album per subfolder), then main's folder dialog; each folder's state
 * with Pause/Resume and Stop watching. What happened is said in a status line that takes focus.
 */
export function WatchedFoldersPanel({
  watches,
  texts: allTexts,
}: {
  watches: WatchedFoldersUi;
  texts: DesktopTexts;
}) {
  const texts = allTexts.watch;
  const state = useWatchedFolders(watches);
  const folders = state?.folders ?? [];
  const [expanded, setExpanded] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [target, setTarget] = useState<WatchTarget>('album');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const watchButton = useRef<HTMLButtonElement>(null);
  const firstRadio = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);
  useEffect(() => {
    if (choosing) firstRadio.current?.focus();
  }, [choosing]);

  const say = (text: string, error = false) => setMessage({ text, error });
  const headline = [...folders].sort((a, b) => ATTENTION[a.state] - ATTENTION[b.state])[0];

  async function choose(): Promise<void> {
    setBusy(true);
    try {
      const result = await watches.add(target);
      // The dialog was closed without a folder: the choice stays open to try again.
      if (result.status === 'cancelled') return;
      setChoosing(false);
      setExpanded(true);
      say(
        fill(
          result.status === 'added' ? texts.added : texts.exists,
          { name: result.folder.name },
          allTexts.locale,
        ),
      );
    } catch (error) {
      console.error('Watching a folder failed', error);
      say(texts.failed, true);
    } finally {
      setBusy(false);
    }
  }

  async function act(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      console.error('Changing a watched folder failed', error);
      say(texts.failed, true);
    }
  }

  if (!state?.signedIn) return null;
  return (
    <Paper component="section" aria-label={texts.region} withBorder shadow="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          {folders.length > 0 ? (
            <UnstyledButton
              className="desktop-watch-toggle"
              aria-expanded={expanded}
              aria-controls="desktop-watch-list"
              onClick={() => setExpanded((open) => !open)}
            >
              <Group gap={4} wrap="nowrap">
                <AccordionChevron
                  size={14}
                  aria-hidden="true"
                  style={{ transform: expanded ? 'none' : 'rotate(-90deg)' }}
                />
                <Text size="sm" fw={600}>
                  {fill(texts.heading, { count: folders.length }, allTexts.locale)}
                </Text>
              </Group>
              {!expanded && headline ? (
                // Folded, the folder that most needs attention still shows its state.
                <Text size="xs" c={headline.state === 'missing' ? 'red.8' : 'dimmed'} truncate>
                  {headline.name}: {stateText(texts, headline, allTexts.locale)}
                </Text>
              ) : null}
            </UnstyledButton>
          ) : (
            <Text size="sm" fw={600}>
              {texts.region}
            </Text>
          )}
          <Group gap={4} wrap="nowrap">
            <Button
              ref={watchButton}
              size="compact-sm"
              variant="light"
              aria-expanded={choosing}
              aria-controls="desktop-watch-chooser"
              onClick={() => {
                setMessage(null);
                setChoosing((open) => !open);
              }}
            >
              {texts.watchFolder}
            </Button>
          </Group>
        </Group>
        {message ? (
          <Text
            ref={messageRef}
            role="status"
            tabIndex={-1}
            size="sm"
            c={message.error ? 'red.8' : undefined}
            className="desktop-watch-message"
          >
            {message.text}
          </Text>
        ) : null}
        {choosing ? (
          <form
            id="desktop-watch-chooser"
            onSubmit={(event) => {
              event.preventDefault();
              void choose();
            }}
          >
            <Stack gap="xs">
              <Text size="xs">{texts.intro}</Text>
              <Radio.Group
                label={texts.targetLabel}
                value={target}
                onChange={(value) => setTarget(value as WatchTarget)}
              >
                <Stack gap={6} mt={6}>
                  {TARGETS.map((option) => (
                    <Radio
                      key={option.value}
                      value={option.value}
                      label={texts.target[option.text]}
                      ref={option.value === target ? firstRadio : undefined}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Group gap="xs">
                <Button type="submit" size="compact-sm" loading={busy}>
                  {texts.chooseFolder}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => {
                    setChoosing(false);
                    watchButton.current?.focus();
                  }}
                >
                  {texts.cancel}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {expanded && folders.length > 0 ? (
          <Stack
            component="ul"
            id="desktop-watch-list"
            gap="xs"
            m={0}
            p={0}
            className="desktop-watch-list"
            aria-label={texts.listLabel}
          >
            {folders.map((folder) => {
              const nameId = `watch-${folder.id}`;
              return (
                <li key={folder.id}>
                  {/* The buttons wrap under a long name rather than cut it short. */}
                  <Group justify="space-between" gap="xs">
                    <Stack gap={0} miw={0} style={{ flex: '1 1 11rem' }}>
                      <Text id={nameId} size="sm" truncate>
                        {folder.name}
                      </Text>
                      <Text size="xs" c={folder.state === 'missing' ? 'red.8' : 'dimmed'}>
                        {stateText(texts, folder, allTexts.locale)}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-describedby={nameId}
                        onClick={() =>
                          void act(async () => {
                            // Said in the status line, which would otherwise still say what
                            // the last action did ("Watching …: its photos are being uploaded").
                            const resuming = folder.state === 'paused';
                            await (resuming ? watches.resume(folder.id) : watches.pause(folder.id));
                            say(
                              fill(
                                resuming ? texts.resumed : texts.paused,
                                { name: folder.name },
                                allTexts.locale,
                              ),
                            );
                          })
                        }
                      >
                        {folder.state === 'paused' ? texts.resume : texts.pause}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-describedby={nameId}
                        onClick={() =>
                          void act(async () => {
                            await watches.remove(folder.id);
                            say(fill(texts.stopped, { name: folder.name }, allTexts.locale));
                          })
                        }
                      >
                        {texts.stop}
                      </Button>
                    </Group>
                  </Group>
                </li>
              );
            })}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
