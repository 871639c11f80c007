/**
 * The server process is killed with SIGKILL in the middle of a burst of 1,000 sends, on
 * PostgreSQL (a fresh database on TEST_DATABASE_URL's server).
 * The test itself is in support/kill-during-burst.ts.
 */
import { describeKillDuringBurst } from './support/kill-during-burst';

describeKillDuringBurst('postgres');
