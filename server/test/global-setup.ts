import { seedTemplate } from '../src/testing/seed-template.ts';

/** Makes the day's demo-data template once, before the test files start servers from it. */
export default async function makeSeedTemplate(): Promise<void> {
  await seedTemplate();
}
