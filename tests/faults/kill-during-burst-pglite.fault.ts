/**
 * The server process is killed with SIGKILL in the middle of a burst of 1,000 sends, on the
 * embedded database (PGlite in a DATA_DIR: the restart takes over the dead process's lock).
 * The test itself is in support/kill-during-burst.ts.
 */
import { describeKillDuringBurst } from './support/kill-during-burst';

describeKillDuringBurst('pglite');
