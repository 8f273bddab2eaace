// Runs before every test file of this package (vitest.config.ts setupFiles): cheap password
// hashing for the in-process apps (@esim/api's password-hashing.test.ts tests the production
// parameters; the built server run by some tests uses those).
import { cheapPasswordHashing } from '@esim/api/testing';

await cheapPasswordHashing();
