import { setPasswordHashCost } from '../src/domain/auth/passwords.js';
import { TEST_PASSWORD_HASH_COST } from './harness.js';

// Files share their worker's modules (isolate: false): a file that started an app at the
// production hashing cost must not leave it to the next file.
setPasswordHashCost(TEST_PASSWORD_HASH_COST);
