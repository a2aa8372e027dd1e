/**
 * Counts the event loop's turns, for tests of what runs in a turn of its own: an immediate queued
 * by an immediate runs a turn later, so this one re-arming itself ticks once a turn until stopped.
 */
export function loopTurns(): { readonly turn: number; stop(): void } {
  let turn = 0;
  let ticking = true;
  const tick = () => {
    turn++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turn() {
      return turn;
    },
    stop: () => void (ticking = false),
  };
}
