/**
 * Guide scripts from the command line:
 *   node --import tsx plugins/guide-scripts/cli.ts assemble docs/_scripts/<page>.py   → the runnable script on stdout
 *   node --import tsx plugins/guide-scripts/cli.ts region <page>.py#<region>            → what a page block shows
 *   node --import tsx plugins/guide-scripts/cli.ts list                                 → every page's scripts
 */
import { assembleScript, listScripts, resolveRef } from '../../lib/guide-scripts/assemble';

function main(argv: string[]): number {
  const [command, arg] = argv;
  if (command === 'assemble' && arg) {
    process.stdout.write(assembleScript(arg).text);
    return 0;
  }
  if (command === 'region' && arg) {
    process.stdout.write(`${resolveRef(arg)}\n`);
    return 0;
  }
  if (command === 'list') {
    for (const script of listScripts()) process.stdout.write(`${script.page}\t${script.file}\n`);
    return 0;
  }
  process.stderr.write(
    'usage: cli.ts assemble <docs/_scripts/page.py|.sh> | region <page.py#region> | list\n',
  );
  return 2;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`error: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
