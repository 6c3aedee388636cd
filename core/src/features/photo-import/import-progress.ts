import { importPushMessageSchema, IMPORT_TYPES } from '../../api/schemas/push';
import type { ImportPushMessage, PushMessage } from '../../api/schemas/push';

/**
 * What the import screen knows from the push messages (docs/product.md#states "Photo import"):
 * the newest message by its timestamp, whatever order they arrive in.
 */
export interface ImportProgress {
  latest: ImportPushMessage | null;
}

export const initialImportProgress: ImportProgress = { latest: null };

/**
 * Keeps the newest import message by timestamp; anything that is not a valid import message
 * (archive messages, a bad id, timestamp or type) leaves the state as it is.
 */
export function importMessageReceived(state: ImportProgress, message: unknown): ImportProgress {
  const parsed = importPushMessageSchema.safeParse(message);
  if (!parsed.success) return state;
  const incoming = parsed.data;
  const current = state.latest;
  if (current && Date.parse(current.data.timestamp) > Date.parse(incoming.data.timestamp))
    return state;
  return { latest: incoming };
}

export const isImportMessage = (message: PushMessage): message is ImportPushMessage =>
  'type' in message;

export const isFinished = (message: ImportPushMessage | null) =>
  message?.type === IMPORT_TYPES.finished;
