/**
 * A desktop main process killed mid-export (exporter.test.ts): it exports the account's library
 * into EXPORT_CHILD's folder with each original slowed down, and prints `exported` once a few
 * files are in, until the test kills it with SIGKILL, as a crash or a forced quit would. What the
 * next start finds is what the folder and its journal held at that moment.
 */
import { createExporter } from '../main/export/exporter';

interface ChildOptions {
  configFile: string;
  folder: string;
  photoApiUrl: string;
  token: string;
  accountId: string;
  delayMs: number;
}

const options = JSON.parse(process.env.EXPORT_CHILD ?? '{}') as ChildOptions;
const slowFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!String(input).includes('/images/')) return response;
  await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  return response;
};
let told = false;
const exporter = createExporter({
  configFile: options.configFile,
  photoApiUrl: async () => options.photoApiUrl,
  getAccessToken: async () => options.token,
  getAccountId: async () => options.accountId,
  showOpenDialog: async () => ({ canceled: false, filePaths: [options.folder] }),
  showItemInFolder: () => {},
  fetch: slowFetch,
  onChange: (snapshot) => {
    if (!told && snapshot.exportedFiles >= 12) {
      told = true;
      process.stdout.write('exported\n');
    }
  },
});
await exporter.chooseFolder();
await exporter.idle();
process.stdout.write('finished\n');
setInterval(() => {}, 60_000);
