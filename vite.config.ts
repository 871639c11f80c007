import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser we serve supports <link rel="modulepreload">; the polyfill would only
    // add to the landing page's first load.
    modulePreload: { polyfill: false },
  },
});
