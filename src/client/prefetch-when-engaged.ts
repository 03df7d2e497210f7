/**
 * Docusaurus's <Link> calls window.docusaurus.prefetch for every internal link as soon as it
 * scrolls into view, and each call matches the route table and appends <link rel="prefetch"> tags
 * right away. On an API page (the sidebar and the text hold dozens of links) that was ~300 ms of
 * main-thread work on a slow phone, inside the tasks in which the page hydrates, and 50–150 KB of
 * other pages' code fetched on every first visit. This client module queues those calls until the
 * reader first interacts with the page (scrolls, points, touches, types) and then runs them while
 * the browser is idle. Pointing at or touching a link still preloads its page at once
 * (window.docusaurus.preload is left as it is).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

interface DocusaurusGlobal {
  prefetch: (routePath: string) => unknown;
  preload: (routePath: string) => unknown;
}

type Idle = (deadline: { timeRemaining: () => number; didTimeout: boolean }) => void;

function whenIdle(callback: Idle): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 3000 });
  else window.setTimeout(() => callback({ timeRemaining: () => 8, didTimeout: false }), 200);
}

/** What counts as the reader taking up the page. */
const ENGAGEMENT_EVENTS = ['scroll', 'pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

/** Resolves on the first engagement event; any of them, once. */
function engaged(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
  });
}

function prefetchWhenEngaged(original: DocusaurusGlobal, ready: Promise<void>): DocusaurusGlobal {
  const queue: string[] = [];
  let scheduled = false;
  const drain: Idle = (deadline) => {
    // At least one per callback, so a page that never goes idle still gets there (timeout above).
    do original.prefetch(queue.shift()!);
    while (queue.length > 0 && deadline.timeRemaining() > 4);
    if (queue.length > 0) whenIdle(drain);
    else scheduled = false;
  };
  return Object.freeze({
    ...original,
    prefetch(routePath: string): boolean {
      if (!queue.includes(routePath)) queue.push(routePath);
      if (!scheduled) {
        scheduled = true;
        void ready.then(() => whenIdle(drain));
      }
      return true;
    },
  });
}

if (ExecutionEnvironment.canUseDOM) {
  // Docusaurus's client entry sets window.docusaurus right after the client modules have run.
  const scope = window as unknown as { docusaurus?: DocusaurusGlobal };
  const ready = engaged();
  let current = scope.docusaurus && prefetchWhenEngaged(scope.docusaurus, ready);
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (value: DocusaurusGlobal) => {
      current = prefetchWhenEngaged(value, ready);
    },
  });
}
