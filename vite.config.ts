import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig(({ command }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    // react-router's package exports name only its development build, with its warnings and checks
    // (remix-run/react-router#12532, #14102); the build takes the production one it ships beside it.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to preload each page's route chunk (features/seo/pages.routes.ts).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Left to itself, rolldown made a chunk of every module two lazy pages share: 155 files, most
        // of them an icon or a helper of a few hundred bytes, so the agent page asked for 53 scripts
        // and the browser spent a long task before the first paint queuing their preloads. What the
        // entry needs is one chunk, the icons another (10 KB gzipped, cached once for every page).
        codeSplitting: {
          groups: [
            { name: 'main', tags: ['$initial'], priority: 2 },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget, ws: true },
      '/healthz': apiTarget,
      '/sitemap.xml': apiTarget,
      '/robots.txt': apiTarget,
    },
  },
}));
