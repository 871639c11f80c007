import { mountApp } from './app/mount-app';
import { readAppConfig } from './lib/app-config';
import { readMarketSnapshot } from './lib/market-snapshot';
import './styles.css';

// zod probes `new Function('')` to decide whether to compile its parsers, which our Content
// Security Policy (no 'unsafe-eval') reports as a violation. Its global config, read when zod
// first loads, turns the probe off; setting it here adds nothing to the landing page's bundle.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

mountApp(document.getElementById('root')!, readAppConfig(), readMarketSnapshot());
