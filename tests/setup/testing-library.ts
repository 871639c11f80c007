import { configure } from '@testing-library/dom';

// Screens load their parts lazily; on a busy 2-core machine a lazy chunk can take longer than
// testing-library's 1 s default to appear. Waiting longer only slows a test that fails.
configure({ asyncUtilTimeout: 5_000 });
