import {
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { DesktopTexts, ExportSnapshot } from '../common/ipc-contract';
import { fill, type DesktopUi } from './desktop-ui-store';

/** "1.2 GB" in the texts' language. */
function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit >= 2 ? 1 : 0,
  }).format(value);
}

function phaseText(texts: DesktopTexts['export'], snapshot: ExportSnapshot, locale: string) {
  const done = snapshot.exportedFiles;
  switch (snapshot.phase) {
    case 'running':
      return fill(
        texts.phase.running,
        {
          done,
          total: Math.max(done, snapshot.libraryFiles ?? done),
          size: formatBytes(snapshot.receivedBytes, locale),
        },
        locale,
      );
    case 'paused':
      return fill(texts.phase.paused, { done }, locale);
    case 'up-to-date':
      return fill(texts.phase.upToDate, { done }, locale);
    case 'disk-full':
      return fill(texts.phase.diskFull, { done }, locale);
    case 'foreign-folder':
      return texts.phase.foreignFolder;
    case 'failed':
      return texts.phase.failed;
    default:
      return texts.phase.idle;
  }
}

/**
 * "Export my library" (docs/desktop.md): one button in the dock that opens the panel: the folder
 * (its name only), where the export stands with counts and bytes, Pause / Resume, "Check for new
 * photos", "Show in folder", the folder choice (main's dialog; the renderer never sees a path) and
 * "Also make a folder per album" (kept with the export's settings, changeable at any time).
 */
export function ExportPanel({
  ui,
  texts: allTexts,
  snapshot,
  open,
}: {
  ui: DesktopUi;
  texts: DesktopTexts;
  snapshot: ExportSnapshot;
  /** Whether the panel is open; closed, it is one button. */
  open: boolean;
}) {
  const texts = allTexts.export;
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  // Opening moves focus to the new panel's heading; closing returns it to the button.
  useEffect(() => {
    if (open && !wasOpen.current) heading.current?.focus();
    if (!open && wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!open) {
    return (
      <Group justify="flex-end">
        <Button
          ref={opener}
          size="compact-sm"
          variant="default"
          onClick={() => ui.setExportOpen(true)}
        >
          {texts.open}
        </Button>
      </Group>
    );
  }
  const set = snapshot.phase !== 'not-set';
  const running = snapshot.phase === 'running' || snapshot.phase === 'idle';
  const total = Math.max(snapshot.exportedFiles, snapshot.libraryFiles ?? 0);
  const percent =
    snapshot.phase === 'up-to-date'
      ? 100
      : total > 0
        ? Math.round((100 * snapshot.exportedFiles) / total)
        : 0;
  const problem = snapshot.phase === 'disk-full' || snapshot.phase === 'foreign-folder';
  return (
    <Paper component="section" aria-labelledby="desktop-export-title" withBorder shadow="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h5" id="desktop-export-title" ref={heading} tabIndex={-1}>
            {texts.region}
          </Title>
          <CloseButton size="sm" aria-label={texts.close} onClick={() => ui.setExportOpen(false)} />
        </Group>
        {set ? (
          <>
            <Text size="sm" truncate>
              {fill(texts.folder, { name: snapshot.folderName ?? '' }, allTexts.locale)}
            </Text>
            <Text
              id="desktop-export-status"
              size="sm"
              role="status"
              c={problem || snapshot.phase === 'failed' ? 'red.8' : undefined}
            >
              {phaseText(texts, snapshot, allTexts.locale)}
            </Text>
            <Progress.Root>
              <Progress.Section value={percent} aria-labelledby="desktop-export-status" />
            </Progress.Root>
            <Group gap="xs">
              {running ? (
                <Button size="compact-sm" variant="light" onClick={ui.pauseExport}>
                  {texts.pause}
                </Button>
              ) : snapshot.phase === 'up-to-date' ? (
                <Button size="compact-sm" variant="light" onClick={ui.startExport}>
                  {texts.syncNow}
                </Button>
              ) : snapshot.phase !== 'foreign-folder' ? (
                <Button size="compact-sm" variant="light" onClick={ui.startExport}>
                  {texts.resume}
                </Button>
              ) : null}
              <Button size="compact-sm" variant="default" onClick={ui.showExportFolder}>
                {texts.showInFolder}
              </Button>
              <Button size="compact-sm" variant="default" onClick={ui.chooseExportFolder}>
                {texts.changeFolder}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{texts.intro}</Text>
            <Group>
              <Button size="compact-sm" onClick={ui.chooseExportFolder}>
                {texts.chooseFolder}
              </Button>
            </Group>
          </>
        )}
        <Checkbox
          size="sm"
          label={texts.albumFolders}
          checked={snapshot.albumFolders}
          onChange={(event) => ui.setExportAlbumFolders(event.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
