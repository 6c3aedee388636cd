// The page's first script (the build writes it into index.html as an inline classic script,
// before the app's entry; see boot.ts). A separate entry, so the app's entry never imports it
// and it shares no chunk with the app.
import { BOOT_GLOBAL, startBoot } from './boot';
import type { BootWindow } from './boot';

performance.mark('boot:start');
(window as BootWindow)[BOOT_GLOBAL] = startBoot(window);
