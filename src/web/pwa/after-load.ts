/**
 * Runs `task` once the page has loaded and the main thread is idle, so that nothing it starts
 * (code, the service worker's downloads) competes with the first screen. Returns a cancel
 * function.
 */
export function afterLoadWhenIdle(task: () => void, win: Window = window): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (win.requestIdleCallback) idle = win.requestIdleCallback(task, { timeout: 5_000 });
    else timer = setTimeout(task, 1_000);
  };
  if (win.document.readyState === 'complete') schedule();
  else win.addEventListener('load', schedule, { once: true });
  return () => {
    win.removeEventListener('load', schedule);
    if (idle !== undefined) win.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
