/**
 * plugins/server-bundle: the server build gets one shared chunk and the check that fails the build
 * when a module is copied into two chunks again; the browser build gets nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duplicatedModules, serverBundleConfig, SHARED_CHUNK } from '../../plugins/server-bundle';

test('only the server build is configured, with one shared chunk for what two chunks use', () => {
  assert.deepEqual(serverBundleConfig(false), {});
  const config = serverBundleConfig(true);
  const splitChunks = config.optimization?.splitChunks;
  assert.ok(splitChunks && typeof splitChunks === 'object');
  assert.deepEqual(splitChunks.cacheGroups?.shared, { name: SHARED_CHUNK, chunks: 'async', minChunks: 2, minSize: 0, enforce: true, reuseExistingChunk: true, usedExports: false });
  assert.equal(config.plugins?.length, 1);
});

test('duplicatedModules names each module held by more than one chunk, with its chunks', () => {
  const found = duplicatedModules([
    { chunk: 'main', modules: ['/a.js', '/b.js'] },
    { chunk: 'page-1', modules: ['/c.js', '/shared.js'] },
    { chunk: 'page-2', modules: ['/d.js', '/shared.js'] },
    { chunk: SHARED_CHUNK, modules: ['/e.js'] },
  ]);
  assert.deepEqual([...found], [['/shared.js', ['page-1', 'page-2']]]);
  assert.equal(duplicatedModules([{ chunk: 'main', modules: ['/a.js'] }, { chunk: 'x', modules: ['/b.js'] }]).size, 0);
});
