import { randomInt } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/**
 * The account's variant of an experiment: drawn at random on the first ask and stored, so every
 * later ask (another browser, the desktop app) gets the same one. Insert-or-ignore then read,
 * so two first asks at once still agree.
 */
export async function assignedVariant<V extends string>(
  db: Db,
  userId: string,
  experiment: string,
  variants: readonly V[],
): Promise<V> {
  await db
    .insertInto('experiment_assignments')
    .values({
      user_id: userId,
      experiment,
      variant: variants[randomInt(variants.length)]!,
      assigned_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'experiment']).doNothing())
    .execute();
  const row = await db
    .selectFrom('experiment_assignments')
    .select('variant')
    .where('user_id', '=', userId)
    .where('experiment', '=', experiment)
    .executeTakeFirstOrThrow();
  // A variant no longer offered (the test changed) counts as the first, the control.
  return (variants as readonly string[]).includes(row.variant) ? (row.variant as V) : variants[0]!;
}
