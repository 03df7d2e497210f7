/** Serves the static build for tests and benchmarks. Usage: tsx scripts/serve.ts [--port 3210] [--dir build] [--gzip] */
import { serve } from './serve-static';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const dir = option('dir', 'build');
const port = Number(option('port', '3210'));

serve({ dir, port, gzip: args.includes('--gzip') }).then(
  () => console.log(`Serving ${dir} on http://127.0.0.1:${port}`),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
