// Runs before every test file of this package (vitest.config.ts setupFiles): cheap password
// hashing, except where hashing is what is tested (password-hashing.test.ts restores the
// production parameters).
import { cheapPasswordHashing } from './rig.ts';

await cheapPasswordHashing();
