// The page's first script (index.html loads it before the app's entry; see boot.ts). A separate
// entry, so the app's entry never imports it and it shares no chunk with the app.
import { BOOT_GLOBAL, startBoot } from './boot';
import type { BootWindow } from './boot';

performance.mark('boot:start');
(window as BootWindow)[BOOT_GLOBAL] = startBoot(window);
