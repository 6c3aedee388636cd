import {
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  MantineProvider,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { accessibleColorsResolver, brandTheme } from '@photo/core/features/brand/brand-theme';
import { percentOf, UploadFileList } from '@photo/core/features/uploads/upload-file-list.tsx';
import type { UploadListTexts } from '@photo/core/features/uploads/upload-file-list.tsx';
import {
  listedFiles,
  UPLOAD_FAILURE_TEXT,
  UPLOAD_LIST_LIMIT,
} from '@photo/core/transfer/upload-model';
import { outcomeOf, uploadOutcomeMessage } from '@photo/core/features/uploads/upload-outcome';
import { usePublishedHeight } from '@photo/core/ui/published-height';
import type { CountText } from '@photo/core/features/uploads/upload-outcome';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { DesktopTexts, UploadList } from '../common/ipc-contract';
import './desktop-ui.css';
import { ExportPanel } from './export-panel';
import { fill, type DesktopUi, type SignInPhase, type Transfer } from './desktop-ui-store';
import { useWatchedFolders, WatchedFoldersPanel } from './watched-folders-panel';
import type { WatchedFoldersUi } from './watched-folders-store';

/** The element the desktop UI renders into, next to core's `#root`. */
export const DESKTOP_UI_ID = 'desktop-ui';

/**
 * The renderer's own UI around core's app: the sign-in screen, the in-memory sign-in notice and
 * the transfers panel. Its Mantine theme variables are scoped to its own element, so core's brand
 * theme on `:root` stays as it is; they wear the brand's theme all the same.
 */
export function DesktopUiRoot({ ui, watches }: { ui: DesktopUi; watches?: WatchedFoldersUi }) {
  const state = useSyncExternalStore(ui.subscribe, ui.getState);
  const watched = useWatchedFolders(watches);
  const { texts } = state;
  const theme = useMemo(() => (texts ? brandTheme(texts.brand) : undefined), [texts]);
  if (!texts) return null;
  const hasUploads = (state.uploads?.totals.files ?? 0) > 0;
  // Signed in (main knows the account): the export's button or panel is there.
  const hasExport = state.exports !== null && !state.signIn;
  // "Watch a folder…" is there from the start while signed in, in the dock beside the export's
  // button, not only once something was uploaded.
  const hasWatches = Boolean(watches && watched?.signedIn && !state.signIn);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={accessibleColorsResolver}
      cssVariablesSelector={`#${DESKTOP_UI_ID}`}
      withGlobalClasses={false}
      getRootElement={() => document.getElementById(DESKTOP_UI_ID) ?? undefined}
    >
      <div lang={texts.locale}>
        {state.signIn ? <SignInScreen ui={ui} texts={texts} phase={state.signIn} /> : null}
        {state.memoryNotice ||
        state.transfers.length > 0 ||
        hasUploads ||
        hasExport ||
        hasWatches ? (
          <Dock>
            {state.memoryNotice ? (
              <Alert
                role="status"
                color="yellow"
                withCloseButton
                closeButtonLabel={texts.transfers.dismiss}
                onClose={ui.closeMemoryNotice}
              >
                {texts.tokensInMemory}
              </Alert>
            ) : null}
            {state.uploads && hasUploads ? (
              <UploadsPanel ui={ui} texts={texts} queue={state.uploads} />
            ) : null}
            {/* Watched folders next to the uploads they feed; the export's button stays last. */}
            {watches && hasWatches ? <WatchedFoldersPanel watches={watches} texts={texts} /> : null}
            {state.transfers.length > 0 ? (
              <TransfersPanel ui={ui} texts={texts} transfers={state.transfers} />
            ) : null}
            {state.exports && hasExport ? (
              <ExportPanel ui={ui} texts={texts} snapshot={state.exports} open={state.exportOpen} />
            ) : null}
          </Dock>
        ) : null}
      </div>
    </MantineProvider>
  );
}

/** Set on the root element while the dock is shown: its height with its margin. */
const DOCK_HEIGHT_PROPERTY = '--desktop-dock-height';

/**
 * The panels floating at the bottom right. The page keeps their height free at its end
 * (desktop-ui.css), so the last photos, the footer and the page's own buttons can always be
 * scrolled out from under them.
 */
function Dock({ children }: { children: ReactNode }) {
  const dock = useRef<HTMLDivElement>(null);
  // Its height and its 16 px from the window's bottom.
  usePublishedHeight(dock, DOCK_HEIGHT_PROPERTY, 16);
  return (
    <div ref={dock} className="desktop-dock">
      {children}
    </div>
  );
}

function SignInScreen({
  ui,
  texts,
  phase,
}: {
  ui: DesktopUi;
  texts: DesktopTexts;
  phase: SignInPhase;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen covers the app: move focus into it so keyboard and screen-reader users start here.
  useEffect(() => heading.current?.focus(), []);
  const waiting = phase.phase === 'waiting';
  return (
    <div
      className="desktop-signin"
      role="dialog"
      aria-modal="true"
      aria-labelledby="desktop-signin-title"
    >
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={460} w="100%">
        <Stack>
          <Title order={1} size="h2" id="desktop-signin-title" ref={heading} tabIndex={-1}>
            {texts.signIn.title}
          </Title>
          <Text>{waiting ? texts.signIn.waiting : texts.signIn.intro}</Text>
          {phase.phase === 'timed-out' ? (
            <Alert color="red">
              {fill(texts.signIn.timedOut, { minutes: phase.minutes }, texts.locale)}
            </Alert>
          ) : null}
          {phase.phase === 'failed' ? <Alert color="red">{texts.signIn.failed}</Alert> : null}
          {waiting ? (
            <Group justify="space-between">
              <Loader size="sm" aria-hidden="true" />
              <Button variant="default" onClick={ui.cancelSignIn}>
                {texts.signIn.cancel}
              </Button>
            </Group>
          ) : (
            <Button size="md" onClick={() => void ui.startSignIn()}>
              {texts.signIn.button}
            </Button>
          )}
        </Stack>
      </Paper>
    </div>
  );
}

function TransfersPanel({
  ui,
  texts,
  transfers,
}: {
  ui: DesktopUi;
  texts: DesktopTexts;
  transfers: Transfer[];
}) {
  return (
    <Paper component="section" aria-label={texts.transfers.region} withBorder shadow="md" p="sm">
      <Stack component="ul" gap="sm" m={0} p={0} className="desktop-transfers">
        {transfers.map((transfer) => {
          const labelId = `transfer-${transfer.id}`;
          const line =
            transfer.status === 'running'
              ? texts.transfers.saving
              : transfer.status === 'saved'
                ? texts.transfers.saved
                : texts.transfers.failed;
          const percent =
            transfer.totalBytes && transfer.totalBytes > 0
              ? Math.round((100 * transfer.receivedBytes) / transfer.totalBytes)
              : null;
          return (
            <li key={transfer.id}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text
                    id={labelId}
                    size="sm"
                    truncate
                    c={transfer.status === 'failed' ? 'red.8' : undefined}
                  >
                    {fill(line, { fileName: transfer.fileName }, texts.locale)}
                  </Text>
                  {transfer.status !== 'running' ? (
                    <CloseButton
                      size="sm"
                      aria-label={texts.transfers.dismiss}
                      aria-describedby={labelId}
                      onClick={() => ui.dismissTransfer(transfer.id)}
                    />
                  ) : null}
                </Group>
                {transfer.status === 'running' ? (
                  <Group gap="xs" wrap="nowrap">
                    <Progress
                      flex={1}
                      value={percent ?? 100}
                      striped={percent === null}
                      animated={percent === null}
                      aria-labelledby={labelId}
                    />
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-describedby={labelId}
                      onClick={() => ui.cancelTransfer(transfer.id)}
                    >
                      {texts.transfers.cancel}
                    </Button>
                  </Group>
                ) : null}
                {transfer.status === 'saved' ? (
                  <Group>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-describedby={labelId}
                      onClick={() => ui.showInFolder(transfer.id)}
                    >
                      {texts.transfers.showInFolder}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** The panel's list scrolls past this height (five rows), leaving the window to the app. */
const UPLOAD_LIST_HEIGHT = 240;

/** The panel's texts for the one upload list (`desktop.uploads`), the model's kinds worded. */
function uploadListTexts(texts: DesktopTexts['uploads'], locale: string): UploadListTexts {
  return {
    label: texts.listLabel,
    status: (row) => {
      switch (row.status) {
        case 'failed':
          return texts.failure[UPLOAD_FAILURE_TEXT[row.failure?.kind ?? 'server']];
        case 'uploading':
          return fill(texts.status.uploading, { percent: percentOf(row) }, locale);
        case null:
          return null;
        default:
          return texts.status[row.status];
      }
    },
    more: (count) => fill(texts.more, { count }, locale),
  };
}

/**
 * The plural text `{key}_{category}` of a group of plural texts (the outcome's, the held files'),
 * the category from Intl.PluralRules, as i18next picks it; `_other` where a language has no such
 * form), `{{count}}` filled in.
 */
function countText(texts: Record<string, string>, locale: string): CountText {
  const rules = new Intl.PluralRules(locale);
  return (key, { count }) => {
    const base = key.slice(key.lastIndexOf('.') + 1);
    const text = texts[`${base}_${rules.select(count)}`] ?? texts[`${base}_other`] ?? key;
    return fill(text, { count }, locale);
  };
}

/**
 * The upload queue main runs (files sent from disk, kept across restarts): overall progress, each
 * file's state, "Retry failed", and Close once nothing is left to send.
 */
function UploadsPanel({
  ui,
  texts: allTexts,
  queue,
}: {
  ui: DesktopUi;
  texts: DesktopTexts;
  queue: UploadList;
}) {
  const texts = allTexts.uploads;
  const { totals } = queue;
  const busy = queue.running || totals.waiting + totals.checking + totals.uploading > 0;
  // Files held for a paused watched folder (docs/desktop.md, Watched folders): they move only
  // once it is resumed, so the panel says so rather than show an upload that does not progress.
  const onHold =
    totals.held > 0
      ? countText(texts.onHold, allTexts.locale)('photos', { count: totals.held })
      : null;
  const settled = totals.done + totals.duplicate + totals.failed;
  const percent =
    totals.totalBytes > 0 ? Math.round((100 * totals.settledBytes) / totals.totalBytes) : 100;
  // Main sends the files that matter most of a long queue; failed and active ones on top.
  const listed = useMemo(() => listedFiles(queue.files, UPLOAD_LIST_LIMIT), [queue.files]);
  const listTexts = useMemo(
    () => uploadListTexts(texts, allTexts.locale),
    [texts, allTexts.locale],
  );
  return (
    <Paper component="section" aria-label={texts.region} withBorder shadow="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text id="desktop-uploads-summary" size="sm" fw={600} aria-live="polite">
            {busy
              ? fill(texts.running, { settled, total: totals.files }, allTexts.locale)
              : onHold
                ? onHold
                : // The web's outcome toast in the same words ('12 photos added · 1 photo could not
                  // be added: please try again').
                  uploadOutcomeMessage(
                    countText(allTexts.uploadOutcome, allTexts.locale),
                    outcomeOf(totals),
                  )}
          </Text>
          {!busy && !onHold ? (
            <CloseButton
              size="sm"
              aria-label={texts.close}
              aria-describedby="desktop-uploads-summary"
              onClick={ui.clearUploads}
            />
          ) : null}
        </Group>
        <Progress.Root>
          <Progress.Section value={percent} aria-labelledby="desktop-uploads-summary" />
        </Progress.Root>
        {busy && onHold ? (
          <Text size="sm" aria-live="polite">
            {onHold}
          </Text>
        ) : null}
        {!busy && totals.failed > 0 ? (
          <Group>
            <Button size="compact-sm" variant="light" onClick={ui.retryFailedUploads}>
              {texts.retryFailed}
            </Button>
          </Group>
        ) : null}
        <UploadFileList
          rows={listed}
          texts={listTexts}
          moreCount={totals.files - listed.length}
          maxHeight={UPLOAD_LIST_HEIGHT}
        />
      </Stack>
    </Paper>
  );
}
